import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, CUSTOMER_API, quickCustomer, signIn } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";
import { type ReceivedMail, smtpInbox } from "#test/smtp-inbox";

/**
 * The mails that guard a customer's account, received by a real SMTP server in this process: a password
 * changed or reset tells the owner at once, in their language; an erased account gets its one last mail.
 */
let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let t: TestApp;
beforeAll(async () => {
  inbox = await smtpInbox();
  t = await createTestApp({ realMailer: true, config: { smtpUrl: inbox.url } });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const call = (method: "POST" | "PUT" | "DELETE", path: string, payload: object, headers = {}) =>
  t.app.inject({ method, url: `${CUSTOMER_API}/${path}`, headers, payload });

/** Waits for the mail to the address whose subject matches. */
async function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await vi.waitFor(() => {
    found = inbox.to(address).find((mail) => subject.test(mail.parsed.subject ?? ""));
    expect(found).toBeDefined();
  });
  return found as ReceivedMail;
}

describe("a customer's account mails", () => {
  it("tell the owner their password was changed, in English", async () => {
    const customer = await quickCustomer(t);
    const changed = await call(
      "PUT",
      "me/password",
      { currentPassword: customer.password, newPassword: "a-brand-new-password" },
      customer.headers,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const mail = await mailTo(customer.email, /password was changed/);
    expect(mail.parsed.subject).toBe("Your VisaDesk password was changed");
    expect(mail.parsed.text).toContain("If it was not you");
    // Nothing secret rides along.
    expect(mail.parsed.text).not.toContain("a-brand-new-password");
  });

  it("tell an Urdu reader in Urdu that a reset changed their password", async () => {
    const customer = await quickCustomer(t);
    await t.db.kysely
      .updateTable("users")
      .set({ language: "ur" })
      .where("email", "=", customer.email)
      .execute();
    expect((await call("POST", "auth/forgot-password", { email: customer.email })).statusCode).toBe(200);
    const link = await mailTo(customer.email, /پاس ورڈ ری سیٹ/);
    const token = /token=([\w-]+)/.exec(link.parsed.text ?? "")?.[1] ?? "";
    const reset = await call("POST", "auth/reset-password", { token, password: "chosen-after-reset" });
    expect(reset.statusCode, reset.body).toBe(200);
    const mail = await mailTo(customer.email, /پاس ورڈ بدل دیا گیا ہے/);
    expect(mail.parsed.subject).toBe("آپ کا VisaDesk پاس ورڈ بدل دیا گیا ہے");
    expect(mail.parsed.text).toContain("اگر یہ آپ نے نہیں کیا");
  });

  it("send the erased account's address its one last mail", async () => {
    const customer = await quickCustomer(t);
    const pair = await signIn(t, customer.email, customer.password);
    const erased = await call("DELETE", "me", { password: customer.password }, bearer(pair.accessToken));
    expect(erased.statusCode, erased.body).toBe(200);
    const mail = await mailTo(customer.email, /account is erased/);
    expect(mail.parsed.text).toContain("This is the last email we send to this address.");
    expect(inbox.to(customer.email)).toHaveLength(1);
  });
});
