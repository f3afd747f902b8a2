import { RESET_TOKEN_TTL_MINUTES } from "@visadesk/contract/auth-constants";
import { customerAuthMessages, EMAIL_CODE_MINUTES } from "@visadesk/contract/customer-auth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Mail } from "#api/lib/mailer";
import { CUSTOMER_API, codeMailedTo, quickCustomer, signIn, signUpBody } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";

/**
 * Customers' mails are in the language of their account (or, from a form with no account behind the
 * address, the language the form was filled in), and their links open the customer site under
 * CUSTOMER_SITE_BASE. Staff mails stay English and open the back-office.
 */
const ORIGIN = "https://visadesk.example";
let t: TestApp;
let company: string;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: `${ORIGIN}/` } });
  company = t.config.companyName;
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers });

/** The newest mail to the address that matches, once it has arrived (most leave after the answer). */
async function mailTo(address: string, matches: (mail: Mail) => boolean = () => true): Promise<Mail> {
  let found: Mail | undefined;
  await vi.waitFor(() => {
    found = t.mails.filter((mail) => mail.to === address && matches(mail)).at(-1);
    expect(found).toBeDefined();
  });
  return found as Mail;
}

/** An app user whose account reads the language given. */
async function customerReading(language: "en" | "ur" | null) {
  const customer = await quickCustomer(t);
  await t.db.kysely.updateTable("users").set({ language }).where("email", "=", customer.email).execute();
  return customer;
}

const customerResetLink = new RegExp(`^${ORIGIN}/book/reset-password\\?token=([\\w-]+)$`, "m");

describe("the sign-up's mails", () => {
  it("send an Urdu customer the code in Urdu, with a link to the customer site that verifies the address", async () => {
    const body = signUpBody({ language: "ur" });
    expect((await post(`${CUSTOMER_API}/auth/sign-up`, body)).statusCode).toBe(202);
    const code = await codeMailedTo(t, body.email);
    const mail = await mailTo(body.email);
    const link = `${ORIGIN}/book/verify-email?email=${encodeURIComponent(body.email)}&code=${code}`;
    expect(mail.subject).toBe(`آپ کا ${company} کوڈ: ${code}`);
    expect(mail.text).toBe(
      `السلام علیکم،\n\nاس ای میل ایڈریس کی تصدیق کے لیے آپ کا کوڈ ${code} ہے۔ یہ ${EMAIL_CODE_MINUTES} منٹ تک کارآمد ہے۔\n\nیا یہ لنک کھولیں:\n${link}\n\nاگر آپ نے ${company} پر سائن اپ نہیں کیا تو اس ای میل کو نظر انداز کر دیں۔`,
    );
    // The site posts what the link carries.
    const carried = new URL(link).searchParams;
    const verify = await post(`${CUSTOMER_API}/auth/verify-email`, {
      email: carried.get("email"),
      code: carried.get("code"),
    });
    expect(verify.statusCode, verify.body).toBe(200);
  });

  it("send an English customer the code in English, with the same link", async () => {
    const body = signUpBody({ language: "en", email: `o'brien+${Date.now()}@example.com` });
    expect((await post(`${CUSTOMER_API}/auth/sign-up`, body)).statusCode).toBe(202);
    const code = await codeMailedTo(t, body.email);
    const mail = await mailTo(body.email);
    expect(mail.subject).toBe(`Your ${company} code: ${code}`);
    expect(mail.text).toMatch(
      /^Hello,\n\nYour code to verify this email address is \d{6}\. It works for \d+ minutes\./,
    );
    expect(mail.text).toContain(
      `\n${ORIGIN}/book/verify-email?email=${encodeURIComponent(body.email)}&code=${code}\n`,
    );
    expect(mail.text).not.toMatch(/[\u0600-\u06ff]/);
  });

  it("tell the owner of a taken address in their account's language; a new address gets its code in the form's", async () => {
    const owner = await customerReading("ur");
    await post(`${CUSTOMER_API}/auth/sign-up`, signUpBody({ email: owner.email, language: "en" }));
    const toOwner = await mailTo(owner.email);
    expect(toOwner.subject).toBe(`کسی نے اس ای میل ایڈریس سے ${company} پر سائن اپ کرنے کی کوشش کی`);

    // A registered CNIC with a new address: the code, like any sign-up, in the form's language.
    const cnic = "35202-7654321-3";
    await t.db.kysely.updateTable("users").set({ cnic }).where("email", "=", owner.email).execute();
    for (const language of ["ur", "en"] as const) {
      const stranger = signUpBody({ cnic, language });
      await post(`${CUSTOMER_API}/auth/sign-up`, stranger);
      const mail = await mailTo(stranger.email);
      expect(mail.subject).toMatch(
        language === "ur"
          ? new RegExp(`^آپ کا ${company} کوڈ: \\d{6}$`)
          : new RegExp(`^Your ${company} code: \\d{6}$`),
      );
    }
  });
});

describe("a customer's password reset", () => {
  it("mails an Urdu customer who forgot it an Urdu link to the customer site, which resets it", async () => {
    const customer = await customerReading("ur");
    expect((await post(`${CUSTOMER_API}/auth/forgot-password`, { email: customer.email })).statusCode).toBe(
      200,
    );
    const mail = await mailTo(customer.email);
    expect(mail.subject).toBe(`اپنا ${company} پاس ورڈ ری سیٹ کریں`);
    expect(mail.text).toContain(
      `نیا پاس ورڈ منتخب کرنے کے لیے ${RESET_TOKEN_TTL_MINUTES} منٹ کے اندر یہ لنک کھولیں:`,
    );
    const token = customerResetLink.exec(mail.text)?.[1] ?? "";
    expect(token.length).toBeGreaterThan(30);
    const reset = await post(`${CUSTOMER_API}/auth/reset-password`, {
      token,
      password: "chosen-from-the-mail",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(customerAuthMessages.passwordReset);
    await signIn(t, customer.email, "chosen-from-the-mail");
  });

  it("sends the customer site's link when staff send it too, in the account's language (English without one)", async () => {
    const { headers } = await t.signIn("Staff");
    for (const language of [null, "ur"] as const) {
      const customer = await customerReading(language);
      const sent = await post(
        `/api/v2/User/users/${customer.pair.customer.guidId}/send-password-reset`,
        {},
        headers,
      );
      expect(sent.statusCode, sent.body).toBe(200);
      const mail = await mailTo(customer.email);
      expect(mail.subject).toBe(
        language === "ur" ? `اپنا ${company} پاس ورڈ ری سیٹ کریں` : `Reset your ${company} password`,
      );
      expect(mail.text).not.toContain("/forgot-password/reset");
      const token = customerResetLink.exec(mail.text)?.[1] ?? "";
      const reset = await post(`${CUSTOMER_API}/auth/reset-password`, {
        token,
        password: "chosen-by-staff-link",
      });
      expect(reset.statusCode, reset.body).toBe(200);
    }
  });

  it("keeps a Staff account's reset in English, on the back-office", async () => {
    const staff = await t.createAccount({ role: "Staff" });
    await post("/api/v2/connect/forgot-password", { email: staff.email });
    const mail = await mailTo(staff.email);
    expect(mail.subject).toBe(`Reset your ${company} password`);
    expect(mail.text).toMatch(new RegExp(`^${ORIGIN}/forgot-password/reset\\?token=[\\w-]+$`, "m"));
    expect(mail.text).not.toContain("/book/");
  });
});

describe("staff's decision on a customer's CNIC", () => {
  it("is mailed in the customer's language, with the reason as staff wrote it", async () => {
    const customer = await customerReading("ur");
    await t.db.kysely
      .updateTable("users")
      .set({ cnicVerification: "pending" })
      .where("email", "=", customer.email)
      .execute();
    const { headers } = await t.signIn("Staff");
    const reason = "The back side is unreadable";
    const decided = await post(
      `/api/v2/User/users/${customer.pair.customer.guidId}/cnic-verification`,
      { decision: "rejected", reason },
      headers,
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const mail = await mailTo(customer.email);
    expect(mail.subject).toBe("آپ کے شناختی کارڈ کی تصدیق نہیں ہو سکی");
    expect(mail.text).toContain(`وجہ: ${reason}`);
    expect(mail.text.endsWith(`\n\n${company}`)).toBe(true);
  });
});
