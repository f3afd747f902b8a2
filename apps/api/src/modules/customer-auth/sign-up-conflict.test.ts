import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("a sign-up proven with a CNIC another account holds", () => {
  it("becomes an account whose CNIC is in conflict: staff find it by the CNIC check's Conflict, the customer sees it pending", async () => {
    const waiting = signUpBody();
    expect((await post("auth/sign-up", waiting)).statusCode).toBe(202);
    const code = await codeMailedTo(t, waiting.email);
    // Meanwhile someone else proves a sign-up with the same CNIC.
    const holder = await signedInCustomer(t, { body: { cnic: waiting.cnic } });

    const mailsBefore = t.mails.filter((mail) => mail.to === waiting.email).length;
    const verify = await post("auth/verify-email", { email: waiting.email, code });
    expect(verify.statusCode, verify.body).toBe(200);
    // The same answer and no other mail than the code: nothing tells the caller.
    expect(t.mails.filter((mail) => mail.to === waiting.email)).toHaveLength(mailsBefore);

    const pair = await signIn(t, waiting.email, waiting.password);
    const me = await t.app.inject({
      method: "GET",
      url: `${CUSTOMER_API}/me`,
      headers: bearer(pair.accessToken),
    });
    expect(me.json().cnicVerification).toBe("pending");

    const staff = await t.signIn("Staff");
    const list = async (verification: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/v2/User/users?role=AppUser&verification=${verification}&pageSize=100`,
        headers: staff.headers,
      });
    const conflicts = await list("conflict");
    expect(conflicts.statusCode, conflicts.body).toBe(200);
    const emails = conflicts.json().data.map((user: { email: string }) => user.email);
    expect(emails).toContain(waiting.email);
    expect(emails).not.toContain(holder.email);
    const row = conflicts.json().data.find((user: { email: string }) => user.email === waiting.email);
    expect(row).toMatchObject({ cnic: waiting.cnic, cnicVerification: "conflict" });
    const pending = (await list("pending")).json().data.map((user: { email: string }) => user.email);
    expect(pending).not.toContain(waiting.email);

    // Staff decide the case: it cannot be verified while the other account holds the CNIC; a rejection
    // with a reason ends it, and the customer is told the reason.
    const decide = (payload: object) =>
      t.app.inject({
        method: "POST",
        url: `/api/v2/User/users/${row.guidId}/cnic-verification`,
        headers: staff.headers,
        payload,
      });
    const verified = await decide({ decision: "verified" });
    expect(verified.statusCode, verified.body).toBe(409);
    expect(verified.json().message).toMatch(/Another account holds this CNIC/);
    const reject = await decide({ decision: "rejected", reason: "This CNIC belongs to another customer" });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json()).toMatchObject({ cnicVerification: "rejected", cnic: null });
    expect((await list("conflict")).json().data.map((user: { email: string }) => user.email)).not.toContain(
      waiting.email,
    );
  });
});
