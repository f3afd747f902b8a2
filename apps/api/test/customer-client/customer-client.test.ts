import fs from "node:fs";
import { formBody } from "@visadesk/contract/form-body";
import type { paths } from "@visadesk/contract/generated/customer-api";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsultant } from "../builders";
import { codeMailedTo, signUpBody } from "../customers";
import { PNG_1PX } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";
import { customerClientTypes, SCHEMA_FILE } from "./generate";

/**
 * The customer API through a client generated from its document by a standard generator (openapi-typescript
 * types, openapi-fetch calls), against the server listening on a real port: the document is complete enough
 * for a mobile app's author to build on, without casts (the type check of this file proves it).
 */
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

describe("the generated customer client", () => {
  it("is current: the committed types are what the generator writes from the served document", async () => {
    expect(fs.readFileSync(SCHEMA_FILE, "utf8")).toBe(await customerClientTypes(t.app));
  });

  it("drives a customer's journey: sign up, verify, find, book, see it confirmed, move it, cancel it, erase the account", async () => {
    const admin = (await t.signIn("Admin")).headers;
    const listed = await registerConsultant(t.app, admin, { Name: `Journey Consultant ${Date.now()}` });
    await t.db.kysely
      .updateTable("consultants")
      .set({ isApproved: true })
      .where("guidId", "=", listed.guidId)
      .execute();

    const client = createClient<paths>({ baseUrl });
    const body = { ...signUpBody(), language: "en" as const };
    const signUp = await client.POST("/api/customer/v1/auth/sign-up", { body });
    expect(signUp.response.status).toBe(202);
    const code = await codeMailedTo(t, body.email);
    expect(
      (await client.POST("/api/customer/v1/auth/verify-email", { body: { email: body.email, code } }))
        .response.status,
    ).toBe(200);
    const signIn = await client.POST("/api/customer/v1/auth/sign-in", {
      body: { email: body.email, password: body.password, deviceName: "Journey phone" },
    });
    if (!signIn.data) throw new Error(`sign-in: ${JSON.stringify(signIn.error)}`);
    const authed = createClient<paths>({
      baseUrl,
      headers: { authorization: `Bearer ${signIn.data.accessToken}` },
    });

    // The multipart bodies are typed too: a picture with the details, the CNIC with both sides.
    const image = new Blob([PNG_1PX], { type: "image/png" });
    const pictured = await authed.PATCH("/api/customer/v1/me", {
      body: { firstName: "Sana", picture: image },
      bodySerializer: formBody,
    });
    expect(pictured.data?.firstName).toBe("Sana");
    expect(pictured.data?.profilePic).toMatch(/^\/files\//);
    const cnic = await authed.PUT("/api/customer/v1/me/cnic", {
      body: { cnic: `35202-${String(Date.now()).slice(-7)}-5`, cnicFront: image, cnicBack: image },
      bodySerializer: formBody,
    });
    expect(cnic.response.status, JSON.stringify(cnic.error)).toBe(200);

    const found = await authed.GET("/api/customer/v1/consultants", {
      params: { query: { search: "Journey Consultant" } },
    });
    const consultant = found.data?.data.find((item) => item.guidId === listed.guidId);
    if (!consultant) throw new Error("the consultant is not in the directory");
    const profile = await authed.GET("/api/customer/v1/consultants/{id}", {
      params: { path: { id: consultant.guidId } },
    });
    expect(profile.data?.name).toBe(listed.name);

    const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const free = await authed.GET("/api/customer/v1/consultants/{id}/availability", {
      params: { path: { id: consultant.guidId }, query: { from, to } },
    });
    const slots = (free.data?.days ?? []).flatMap((day) => day.slots);
    const [first, second] = slots;
    if (!first || !second) throw new Error("no free times");

    const booked = await authed.POST("/api/customer/v1/appointments", {
      body: {
        consultantId: consultant.guidId,
        startsAt: first.startsAt,
        description: "Work visa for Canada",
      },
    });
    if (!booked.data) throw new Error(`booking: ${JSON.stringify(booked.error)}`);
    expect(booked.data.status).toBe("Pending");
    const id = booked.data.guidId;

    // Staff confirm it in the back-office.
    const staffView = (
      await t.app.inject({ method: "GET", url: `/api/v2/userAppointment/${id}`, headers: admin })
    ).json();
    const confirm = await t.app.inject({
      method: "PUT",
      url: "/api/v2/userAppointment/update-appointment",
      headers: admin,
      payload: { ...staffView, isConfirmed: true },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const seen = await authed.GET("/api/customer/v1/appointments/{id}", { params: { path: { id } } });
    expect(seen.data?.status).toBe("Confirmed");

    const moved = await authed.POST("/api/customer/v1/appointments/{id}/reschedule", {
      params: { path: { id } },
      body: { startsAt: second.startsAt },
    });
    expect(moved.data?.startsAt).toBe(new Date(second.startsAt).toISOString());
    const cancelled = await authed.POST("/api/customer/v1/appointments/{id}/cancel", {
      params: { path: { id } },
      body: { reason: "Plans changed" },
    });
    expect(cancelled.data?.status).toBe("Cancelled");
    const upcoming = await authed.GET("/api/customer/v1/appointments", {
      params: { query: { when: "upcoming" } },
    });
    expect(upcoming.data?.data.map((booking) => booking.status)).toEqual(["Cancelled"]);
    expect(upcoming.data?.total).toBe(1);

    const refreshed = await client.POST("/api/customer/v1/auth/refresh", {
      body: { refreshToken: signIn.data.refreshToken },
    });
    expect(refreshed.data?.sessionId).toBe(signIn.data.sessionId);
    expect((await authed.POST("/api/customer/v1/auth/sign-out")).response.status).toBe(200);
    expect((await authed.GET("/api/customer/v1/me")).response.status).toBe(401);

    // And leaves for good.
    const again = await client.POST("/api/customer/v1/auth/sign-in", {
      body: { email: body.email, password: body.password, deviceName: "Journey phone" },
    });
    const last = createClient<paths>({
      baseUrl,
      headers: { authorization: `Bearer ${again.data?.accessToken}` },
    });
    const erased = await last.DELETE("/api/customer/v1/me", { body: { password: body.password } });
    expect(erased.response.status).toBe(200);
    const gone = await client.POST("/api/customer/v1/auth/sign-in", {
      body: { email: body.email, password: body.password, deviceName: "Journey phone" },
    });
    expect(gone.response.status).toBe(401);
  });
});
