import { randomInt, randomUUID } from "node:crypto";
import type { InjectOptions } from "fastify";
import { DateTime } from "luxon";
import { approvedConsultant, CUSTOMER_API, signUpBody } from "./customers";
import { PNG_1PX } from "./fixtures";
import { multipart, type TestApp } from "./helpers";

type Headers = Record<string, string>;

/** An entry of the authorization matrix (access-matrix.test.ts): who may call it, and a call. */
export interface MatrixEntry {
  access: "public" | "customer" | "back-office" | "admin";
  ok: number;
  request(headers: Headers): Promise<InjectOptions> | InjectOptions;
  endsSession?: boolean;
}

/**
 * The customer API's rows of the matrix (and the back-office's route that answers customers' CNICs). A customer route tried by a caller who is a customer works on a
 * record of that caller's own (a booking it just made); anyone else is refused before the record matters.
 */
export function customerMatrix(t: () => TestApp, admin: () => Headers): Record<string, MatrixEntry> {
  let consultant: Promise<string> | undefined;
  const sharedConsultant = () => {
    consultant ??= approvedConsultant(t(), admin());
    return consultant;
  };
  let day = 1;
  /** A free 10:00 in Karachi (the default hours' zone), one day further each time. */
  const nextStart = () => {
    day += 1;
    return DateTime.now()
      .setZone("Asia/Karachi")
      .plus({ days: day })
      .set({ hour: 10, minute: 0, second: 0, millisecond: 0 })
      .toUTC()
      .toISO();
  };
  /** A booking of the caller's own when the caller is a customer; a made-up id otherwise. */
  const ownBooking = async (headers: Headers) => {
    const answer = await t().app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/appointments`,
      headers,
      payload: { consultantId: await sharedConsultant(), startsAt: nextStart(), description: "Matrix" },
    });
    return answer.statusCode === 201 ? (answer.json().guidId as string) : randomUUID();
  };
  const post = (path: string, headers: Headers, payload: object = {}): InjectOptions => ({
    method: "POST",
    url: `${CUSTOMER_API}/${path}`,
    headers,
    payload,
  });
  const get = (path: string, headers: Headers): InjectOptions => ({
    method: "GET",
    url: `${CUSTOMER_API}/${path}`,
    headers,
  });
  return {
    "POST /api/v2/User/users/:id/cnic-verification": {
      access: "back-office",
      ok: 200,
      // A customer whose CNIC waits for staff's check.
      request: async (headers) => {
        const account = await t().createAccount({ role: "AppUser" });
        await t()
          .db.kysely.updateTable("users")
          .set({ cnicVerification: "pending" })
          .where("id", "=", account.id)
          .execute();
        return {
          method: "POST",
          url: `/api/v2/User/users/${account.guidId}/cnic-verification`,
          headers,
          payload: { decision: "verified" },
        };
      },
    },
    "GET /api/v2/User/users/:id/devices": {
      access: "back-office",
      ok: 200,
      request: async (headers) => {
        const account = await t().createAccount({ role: "AppUser" });
        return { method: "GET", url: `/api/v2/User/users/${account.guidId}/devices`, headers };
      },
    },
    "POST /api/v2/User/users/:id/sign-out-everywhere": {
      access: "back-office",
      ok: 200,
      request: async (headers) => {
        const account = await t().createAccount({ role: "AppUser" });
        return { method: "POST", url: `/api/v2/User/users/${account.guidId}/sign-out-everywhere`, headers };
      },
    },
    [`POST ${CUSTOMER_API}/auth/sign-up`]: {
      access: "public",
      ok: 202,
      request: (headers) => post("auth/sign-up", headers, signUpBody()),
    },
    [`POST ${CUSTOMER_API}/auth/verify-email`]: {
      access: "public",
      // Open to anyone; a made-up code is refused.
      ok: 400,
      request: (headers) =>
        post("auth/verify-email", headers, { email: "someone@example.com", code: "123456" }),
    },
    [`POST ${CUSTOMER_API}/auth/resend-code`]: {
      access: "public",
      ok: 202,
      request: (headers) => post("auth/resend-code", headers, { email: "someone@example.com" }),
    },
    [`POST ${CUSTOMER_API}/auth/sign-in`]: {
      access: "public",
      ok: 200,
      request: async (headers) => {
        const account = await t().createAccount({ role: "AppUser" });
        return post("auth/sign-in", headers, {
          email: account.email,
          password: account.password,
          deviceName: "Matrix",
        });
      },
    },
    [`POST ${CUSTOMER_API}/auth/refresh`]: {
      access: "public",
      // Open to anyone; a made-up refresh token is refused.
      ok: 401,
      request: (headers) => post("auth/refresh", headers, { refreshToken: "made-up-token" }),
    },
    [`POST ${CUSTOMER_API}/auth/forgot-password`]: {
      access: "public",
      ok: 200,
      request: (headers) => post("auth/forgot-password", headers, { email: "someone@example.com" }),
    },
    [`POST ${CUSTOMER_API}/auth/reset-password`]: {
      access: "public",
      // Open to anyone; a made-up reset token is refused.
      ok: 400,
      request: (headers) =>
        post("auth/reset-password", headers, { token: "made-up", password: "long-enough-password" }),
    },
    [`PATCH ${CUSTOMER_API}/me`]: {
      access: "customer",
      ok: 200,
      request: (headers) => ({
        method: "PATCH",
        url: `${CUSTOMER_API}/me`,
        headers,
        payload: { firstName: "Matrix" },
      }),
    },
    [`DELETE ${CUSTOMER_API}/me`]: {
      access: "customer",
      // Open to the customer; a wrong password erases nothing.
      ok: 400,
      request: (headers) => ({
        method: "DELETE",
        url: `${CUSTOMER_API}/me`,
        headers,
        payload: { password: "not-the-password" },
      }),
    },
    [`DELETE ${CUSTOMER_API}/me/picture`]: {
      access: "customer",
      // Removing a picture the account does not have is a no-op: the account as it is.
      ok: 200,
      request: (headers) => ({ method: "DELETE", url: `${CUSTOMER_API}/me/picture`, headers }),
    },
    [`PUT ${CUSTOMER_API}/me/cnic`]: {
      access: "customer",
      ok: 200,
      request: (headers) => {
        const image = { fileName: "card.png", contentType: "image/png", content: PNG_1PX };
        const body = multipart(
          { cnic: `35202-${randomInt(1_000_000, 10_000_000)}-1` },
          { cnicFront: image, cnicBack: image },
        );
        return {
          method: "PUT",
          url: `${CUSTOMER_API}/me/cnic`,
          payload: body.payload,
          headers: { ...headers, ...body.headers },
        };
      },
    },
    [`PUT ${CUSTOMER_API}/me/password`]: {
      access: "customer",
      // Open to the customer; a wrong current password is refused.
      ok: 400,
      request: (headers) => ({
        method: "PUT",
        url: `${CUSTOMER_API}/me/password`,
        headers,
        payload: { currentPassword: "not-the-password", newPassword: "another-long-password" },
      }),
    },
    [`POST ${CUSTOMER_API}/auth/sign-out`]: {
      access: "customer",
      ok: 200,
      endsSession: true,
      request: (headers) => post("auth/sign-out", headers),
    },
    [`GET ${CUSTOMER_API}/me`]: { access: "customer", ok: 200, request: (headers) => get("me", headers) },
    [`GET ${CUSTOMER_API}/me/sessions`]: {
      access: "customer",
      ok: 200,
      request: (headers) => get("me/sessions", headers),
    },
    [`DELETE ${CUSTOMER_API}/me/sessions/:id`]: {
      access: "customer",
      ok: 200,
      // A customer ends a device of its own: the one it is calling from (it gets a session of its own).
      endsSession: true,
      request: async (headers) => {
        const sessions = await t().app.inject(get("me/sessions", headers));
        const id = sessions.statusCode === 200 ? (sessions.json().data[0].id as string) : randomUUID();
        return { method: "DELETE", url: `${CUSTOMER_API}/me/sessions/${id}`, headers };
      },
    },
    [`GET ${CUSTOMER_API}/consultants`]: {
      access: "public",
      ok: 200,
      request: (headers) => get("consultants", headers),
    },
    [`GET ${CUSTOMER_API}/consultants/filters`]: {
      access: "public",
      ok: 200,
      request: (headers) => get("consultants/filters", headers),
    },
    [`GET ${CUSTOMER_API}/consultants/:id`]: {
      access: "public",
      ok: 200,
      request: async (headers) => get(`consultants/${await sharedConsultant()}`, headers),
    },
    // Free times are public (a visitor chooses a time before signing in); another API's token is answered
    // as a visitor, never as that account.
    [`GET ${CUSTOMER_API}/consultants/:id/availability`]: {
      access: "public",
      ok: 200,
      request: async (headers) => {
        const from = DateTime.now().setZone("Asia/Karachi").plus({ days: 1 }).toISODate();
        return get(`consultants/${await sharedConsultant()}/availability?from=${from}&to=${from}`, headers);
      },
    },
    // A consultant's link-preview card: public, as the profile page that links it.
    [`GET ${CUSTOMER_API}/consultants/:id/card`]: {
      access: "public",
      ok: 200,
      request: async (headers) => get(`consultants/${await sharedConsultant()}/card`, headers),
    },
    [`POST ${CUSTOMER_API}/appointments`]: {
      access: "customer",
      ok: 201,
      request: async (headers) =>
        post("appointments", headers, {
          consultantId: await sharedConsultant(),
          startsAt: nextStart(),
          description: "Matrix",
        }),
    },
    [`GET ${CUSTOMER_API}/live`]: {
      access: "customer",
      ok: 200,
      request: (headers) => ({
        method: "GET",
        url: `${CUSTOMER_API}/live`,
        headers: { ...headers, accept: "text/event-stream" },
      }),
    },
    [`GET ${CUSTOMER_API}/appointments`]: {
      access: "customer",
      ok: 200,
      request: (headers) => get("appointments", headers),
    },
    [`GET ${CUSTOMER_API}/appointments/:id`]: {
      access: "customer",
      ok: 200,
      request: async (headers) => get(`appointments/${await ownBooking(headers)}`, headers),
    },
    [`POST ${CUSTOMER_API}/appointments/:id/cancel`]: {
      access: "customer",
      ok: 200,
      request: async (headers) =>
        post(`appointments/${await ownBooking(headers)}/cancel`, headers, { reason: "Matrix" }),
    },
    [`POST ${CUSTOMER_API}/appointments/:id/reschedule`]: {
      access: "customer",
      ok: 200,
      request: async (headers) =>
        post(`appointments/${await ownBooking(headers)}/reschedule`, headers, { startsAt: nextStart() }),
    },
  };
}
