import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, CUSTOMER_API, quickCustomer, signIn } from "#test/customers";
import { createTestApp, type TestApp } from "#test/helpers";
import { customerDeviceMessages } from "./customer-devices";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a customer's devices on their record", () => {
  it("lists the devices, and Sign out everywhere ends each of them and their refresh tokens", async () => {
    const staff = (await t.signIn("Staff")).headers;
    const customer = await quickCustomer(t, "Pixel 8");
    const laptop = await signIn(t, customer.email, customer.password, "Laptop");
    const guidId = customer.pair.customer.guidId;
    const devices = await t.app.inject({
      method: "GET",
      url: `/api/v2/User/users/${guidId}/devices`,
      headers: staff,
    });
    expect(
      devices
        .json()
        .map((device: { deviceName: string }) => device.deviceName)
        .sort(),
    ).toEqual(["Laptop", "Pixel 8"]);
    const out = await t.app.inject({
      method: "POST",
      url: `/api/v2/User/users/${guidId}/sign-out-everywhere`,
      headers: staff,
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe(customerDeviceMessages.signedOut(2));
    for (const token of [customer.pair.accessToken, laptop.accessToken]) {
      expect(
        (await t.app.inject({ method: "GET", url: `${CUSTOMER_API}/me`, headers: bearer(token) })).statusCode,
      ).toBe(401);
    }
    const refresh = await t.app.inject({
      method: "POST",
      url: `${CUSTOMER_API}/auth/refresh`,
      payload: { refreshToken: laptop.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({ method: "GET", url: `/api/v2/User/users/${guidId}/devices`, headers: staff })
      ).json(),
    ).toEqual([]);
    // Only app users have such devices.
    const internal = await t.createAccount({ role: "Staff" });
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/v2/User/users/${internal.guidId}/devices`,
          headers: staff,
        })
      ).statusCode,
    ).toBe(404);
  });
});
