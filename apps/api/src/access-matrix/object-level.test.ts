import { randomUUID } from "node:crypto";
import { serverMessages } from "@visadesk/contract/common-constants";
import { consultantMessages, timingMessages } from "@visadesk/contract/consultants-constants";
import { appUserMessages } from "@visadesk/contract/users-constants";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import {
  appUserFields,
  arrange,
  consultantFields,
  form,
  newAppointment,
  newAppUser,
  newConsultant,
  sessions,
  t,
  useMatrixApp,
} from "./context";

/**
 * Object-level checks of the authorization matrix: another record's id, a deleted record, an id that does
 * not exist, a private image, a state change the record is not in.
 */
useMatrixApp();

describe("object-level checks", () => {
  const staff = () => sessions.Staff;
  const call = (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...staff(), ...options.headers } });

  it("an internal account's id is refused where only app users may be edited or deleted", async () => {
    const internal = await t.createAccount({ role: "Admin" });
    const update = await call(
      form(
        "PUT",
        `/api/v2/User/update-user?id=${internal.guidId}`,
        {},
        {
          ...appUserFields(),
          NewPassword: "taken-over-password",
        },
      ),
    );
    expect(update.statusCode).toBe(403);
    expect(update.json().message).toBe("Internal users are read-only");
    const removed = await call({ method: "DELETE", url: `/api/v2/User/users/${internal.guidId}` });
    expect(removed.statusCode).toBe(403);
    // Nothing changed: the account still signs in with its own password.
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: internal.email, password: internal.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("a timing or an address of one consultant cannot be edited through another", async () => {
    const owner = await newConsultant();
    const other = await newConsultant();
    const timing = await arrange(
      {
        method: "POST",
        url: "/api/v2/Consultants/consultanttimings",
        payload: { id: 0, consultantId: owner.guidId, monday: "09:00 - 17:00" },
      },
      200,
    );
    const moved = await call({
      method: "POST",
      url: "/api/v2/Consultants/consultanttimings",
      payload: { id: timing.id, consultantId: other.guidId, monday: "06:00 - 07:00" },
    });
    expect(moved.statusCode).toBe(404);
    expect(moved.json().message).toBe(timingMessages.notFound);
    const [address] = await arrange(
      {
        method: "POST",
        url: "/api/v2/Consultants/consultantaddresses",
        payload: [
          {
            id: 0,
            consultantId: owner.guidId,
            address: "1 A",
            city: "B",
            state: "C",
            country: "D",
            zipCode: "1",
          },
        ],
      },
      200,
    );
    const movedAddress = await call({
      method: "POST",
      url: "/api/v2/Consultants/consultantaddresses",
      payload: [
        {
          id: address.id,
          consultantId: other.guidId,
          address: "X",
          city: "X",
          state: "X",
          country: "X",
          zipCode: "X",
        },
      ],
    });
    expect(movedAddress.statusCode).toBe(404);
    const detail = await call({ method: "GET", url: `/api/v2/Consultants/${owner.guidId}` });
    expect(detail.json()).toMatchObject({
      timings: [{ monday: "09:00 - 17:00" }],
      addresses: [{ address: "1 A" }],
    });
  });

  it("a deleted record answers 404 everywhere", async () => {
    const consultant = await newConsultant();
    await arrange({ method: "DELETE", url: `/api/v2/Consultants/${consultant.guidId}` }, 200);
    for (const options of [
      { method: "GET", url: `/api/v2/Consultants/${consultant.guidId}` },
      { method: "GET", url: `/api/v2/Consultants/${consultant.guidId}/deletion-impact` },
      { method: "DELETE", url: `/api/v2/Consultants/${consultant.guidId}` },
      form("PUT", "/api/v2/Consultants/update", {}, consultantFields({ GuidId: consultant.guidId })),
    ] as InjectOptions[]) {
      const response = await call(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(404);
      expect(response.json().message).toBe(consultantMessages.notFound);
    }
    const appUser = await newAppUser();
    await arrange({ method: "DELETE", url: `/api/v2/User/users/${appUser.guidId}` }, 200);
    for (const options of [
      { method: "GET", url: `/api/v2/User/users/${appUser.guidId}` },
      { method: "GET", url: `/api/v2/User/users/${appUser.guidId}/deletion-impact` },
      { method: "DELETE", url: `/api/v2/User/users/${appUser.guidId}` },
      { method: "POST", url: `/api/v2/User/users/${appUser.guidId}/send-password-reset` },
      form("PUT", `/api/v2/User/update-user?id=${appUser.guidId}`, {}, appUser.fields),
    ] as InjectOptions[]) {
      expect((await call(options)).statusCode, `${options.method} ${options.url}`).toBe(404);
    }
    const appointment = await newAppointment();
    await arrange({ method: "DELETE", url: `/api/v2/userAppointment/${appointment.guidId}` }, 200);
    for (const options of [
      { method: "GET", url: `/api/v2/userAppointment/${appointment.guidId}` },
      { method: "DELETE", url: `/api/v2/userAppointment/${appointment.guidId}` },
      { method: "POST", url: `/api/v2/userAppointment/${appointment.guidId}/send-reminder` },
      { method: "PUT", url: "/api/v2/userAppointment/update-appointment", payload: appointment },
    ] as InjectOptions[]) {
      expect((await call(options)).statusCode, `${options.method} ${options.url}`).toBe(404);
    }
  });

  it("an id that does not exist answers 404", async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ["GET", `/api/v2/Consultants/${id}`],
      ["GET", `/api/v2/Consultants/${id}/deletion-impact`],
      ["GET", `/api/v2/Consultants/${id}/time-zone-change?timeZone=UTC`],
      ["DELETE", `/api/v2/Consultants/${id}`],
      ["GET", `/api/v2/User/users/${id}`],
      ["DELETE", `/api/v2/User/users/${id}`],
      ["POST", `/api/v2/User/users/${id}/send-password-reset`],
      ["GET", `/api/v2/userAppointment/${id}`],
      ["DELETE", `/api/v2/userAppointment/${id}`],
      ["POST", `/api/v2/userAppointment/${id}/send-reminder`],
      ["GET", `/api/v2/files/${id}.png`],
    ] as const) {
      const response = await call({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const admin = sessions.Admin;
    for (const decision of ["approve", "reject", "reopen"]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/v2/User/users/${id}/${decision}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(404);
    }
    const update = await call(form("PUT", `/api/v2/User/update-user?id=${id}`, {}, appUserFields()));
    expect(update.statusCode).toBe(404);
    expect(update.json().message).toBe(appUserMessages.notFound);
  });

  it("a private image is never served under the public path, even to a signed-in user", async () => {
    const { cnicFront } = await newAppUser();
    const name = cnicFront.split("/").at(-1);
    expect((await t.app.inject({ method: "GET", url: `/files/${name}` })).statusCode).toBe(404);
    expect((await call({ method: "GET", url: `/files/${name}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: cnicFront })).json()).toEqual({
      message: serverMessages.notSignedIn,
      code: "not_signed_in",
    });
  });

  it("approving, rejecting or re-opening an account not in that state answers 409, not a silent change", async () => {
    const appUser = await newAppUser();
    const admin = sessions.Admin;
    for (const decision of ["approve", "reject", "reopen"]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/v2/User/users/${appUser.guidId}/${decision}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(409);
    }
  });
});
