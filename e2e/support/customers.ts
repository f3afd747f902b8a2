import type { APIRequestContext } from "@playwright/test";
import { expect, sentMails, unique } from "./fixtures";

export const CUSTOMER_API = "/api/customer/v1";

/** A real 1x1 PNG: both sides of the card. */
export const CARD = {
  name: "card.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
};

/** Everything sign-up asks of a customer, unique per call. */
export function signUpDetails(language: "en" | "ur" = "en") {
  const u = unique();
  return {
    userName: `cust${u}`,
    email: `cust${u}@example.com`,
    firstName: "Hina",
    lastName: "Qureshi",
    phoneNumber: "+92 301 5550000",
    dateOfBirth: "1992-02-02",
    cnic: `3740${u.length % 10}-${String(Date.now()).slice(-7)}-4`,
    address: "7 Jail Road, Lahore",
    password: "customer-e2e-password",
    timeZone: "Asia/Karachi",
    language,
  };
}

/** The 6-digit code mailed to this address, read from the mail's link (the same in every language). */
export async function mailedCode(email: string): Promise<string> {
  let code = "";
  await expect
    .poll(() => {
      const mail = sentMails()
        .filter((text) => text.includes(email) && /code=\d{6}/.test(text))
        .at(-1);
      code = /code=(\d{6})/.exec(mail ?? "")?.[1] ?? "";
      return code;
    })
    .not.toBe("");
  return code;
}

/** A customer who signed up in the customer app, proved the email and signed in on a phone. */
export async function signedUpCustomer(request: APIRequestContext) {
  const body = signUpDetails();
  expect((await request.post(`${CUSTOMER_API}/auth/sign-up`, { data: body })).status()).toBe(202);
  const code = await mailedCode(body.email);
  expect(
    (await request.post(`${CUSTOMER_API}/auth/verify-email`, { data: { email: body.email, code } })).status(),
  ).toBe(200);
  const signIn = await request.post(`${CUSTOMER_API}/auth/sign-in`, {
    data: { email: body.email, password: body.password, deviceName: "Pixel 8" },
  });
  const { accessToken } = await signIn.json();
  return { ...body, accessToken: accessToken as string };
}
