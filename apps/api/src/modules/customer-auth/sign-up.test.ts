import { customerAuthMessages as messages } from "@visadesk/contract/customer-auth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  bearer,
  CUSTOMER_API,
  codeMailedTo,
  signedInCustomer,
  signIn,
  signUpBody,
} from "../../../test/customers";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (path: string, payload: object) =>
  t.app.inject({ method: "POST", url: `${CUSTOMER_API}/${path}`, payload });
const accounts = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const accountOf = (email: string) =>
  t.db.kysely.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

/** The newest mail to the address, once it has arrived (mails leave after the answer). */
async function lastMailTo(email: string) {
  await vi.waitFor(() => expect(t.mails.some((mail) => mail.to === email)).toBe(true));
  const mail = t.mails.filter((sent) => sent.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** A mail with what differs per sign-up (the code, the address) taken out: its shape. */
const shapeOf = (mail: { to: string; subject: string; text: string }) => {
  const cut = (text: string) =>
    text
      .replaceAll(encodeURIComponent(mail.to), "<email>")
      .replaceAll(mail.to, "<email>")
      .replace(/\d{6}/g, "<code>");
  return { subject: cut(mail.subject), text: cut(mail.text) };
};

describe("a sign-up, until its email is proven", () => {
  it("is no account: it cannot sign in; the code makes the account, with every field staff need", async () => {
    const before = await accounts();
    const body = signUpBody({ language: "ur", timeZone: "Europe/London" });
    const signUp = await post("auth/sign-up", body);
    expect(signUp.statusCode, signUp.body).toBe(202);
    expect(signUp.json().message).toBe(messages.signedUp);
    expect(await accounts()).toBe(before);
    const refused = await post("auth/sign-in", {
      email: body.email,
      password: body.password,
      deviceName: "P",
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(messages.wrongCredentials);

    const code = await codeMailedTo(t, body.email);
    const mail = await lastMailTo(body.email);
    expect(mail.text).toContain(`/book/verify-email?email=${encodeURIComponent(body.email)}&code=${code}`);
    const verify = await post("auth/verify-email", { email: body.email, code });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().message).toBe(messages.emailVerified);
    const stored = await accountOf(body.email);
    expect(stored).toMatchObject({
      role: "AppUser",
      status: "active",
      userName: body.userName,
      cnic: body.cnic,
      dateOfBirth: body.dateOfBirth,
      address: body.address,
      phoneNumber: body.phoneNumber,
      timeZone: "Europe/London",
      language: "ur",
      cnicVerification: null,
    });
    expect(stored?.emailVerifiedAt).not.toBeNull();
    expect(stored?.passwordHash).not.toContain(body.password);
    const pair = await signIn(t, body.email, body.password);
    const me = await t.app.inject({
      method: "GET",
      url: `${CUSTOMER_API}/me`,
      headers: bearer(pair.accessToken),
    });
    expect(me.json()).toMatchObject({ email: body.email, emailVerified: true, language: "ur" });
    // The history names the customer as the one who signed up, without the password.
    const created = await t.db.kysely
      .selectFrom("auditLog")
      .selectAll()
      .where("entityId", "=", stored?.guidId ?? "")
      .where("action", "=", "create")
      .executeTakeFirstOrThrow();
    expect(created.actorGuidId).toBe(stored?.guidId);
    expect(created.changes).not.toContain(body.password);
    // A used code does not work twice.
    expect((await post("auth/verify-email", { email: body.email, code })).statusCode).toBe(400);
  });

  it("mails the code in one shape, whether its username and CNIC are fresh or another account's", async () => {
    const registered = await signedInCustomer(t);
    const holder = await accountOf(registered.email);
    const fresh = signUpBody();
    const reusing = signUpBody({ userName: holder?.userName, cnic: holder?.cnic });
    for (const body of [fresh, reusing]) {
      const answer = await post("auth/sign-up", body);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: messages.signedUp });
    }
    const [freshMail, reusingMail] = [await lastMailTo(fresh.email), await lastMailTo(reusing.email)];
    expect(reusingMail.subject).toMatch(/^Your VisaDesk code: \d{6}$/);
    expect(shapeOf(reusingMail)).toEqual(shapeOf(freshMail));
    expect(t.mails.filter((mail) => mail.to === reusing.email)).toHaveLength(1);
  });

  it("reserves nothing: a second sign-up with the same CNIC becomes the account while the first waits", async () => {
    const first = signUpBody();
    expect((await post("auth/sign-up", first)).statusCode).toBe(202);
    const second = signUpBody({ cnic: first.cnic });
    expect((await post("auth/sign-up", second)).statusCode).toBe(202);
    const code = await codeMailedTo(t, second.email);
    expect((await post("auth/verify-email", { email: second.email, code })).statusCode).toBe(200);
    expect(await accountOf(second.email)).toMatchObject({ cnic: first.cnic, cnicVerification: null });
  });

  it("a username another account took meanwhile makes the code unusable, answered like a wrong one", async () => {
    const first = signUpBody();
    await post("auth/sign-up", first);
    const code = await codeMailedTo(t, first.email);
    await signedInCustomer(t, { body: { userName: first.userName } });
    const before = await accounts();
    const answer = await post("auth/verify-email", { email: first.email, code });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors).toEqual({ code: messages.codeWrong });
    expect(await accounts()).toBe(before);
    expect(await accountOf(first.email)).toBeUndefined();
  });

  it("an address with an account gets no code: its owner is told, and the caller's answer is the same", async () => {
    const owner = await signedInCustomer(t);
    const before = await accounts();
    const mailsBefore = t.mails.length;
    const again = signUpBody({ email: owner.email });
    const answer = await post("auth/sign-up", again);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: messages.signedUp });
    const notice = await vi.waitFor(() => {
      const mail = t.mails.slice(mailsBefore).find((sent) => sent.to === owner.email);
      expect(mail).toBeDefined();
      return mail;
    });
    expect(notice?.subject).toBe("Someone tried to sign up to VisaDesk with this email address");
    expect(notice?.text).not.toMatch(/\d{6}/);
    expect(await accounts()).toBe(before);
    expect(
      await t.db.kysely
        .selectFrom("signUps")
        .select("id")
        .where("email", "=", owner.email)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
