import { createHash, randomUUID } from "node:crypto";
import { authMessages } from "@visadesk/contract/auth-constants";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerHeaders, createTestApp, type TestApp, testClock } from "#test/helpers";
import { BINDING_COOKIE, createTokenService } from "./tokens";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const STATS = "/api/v2/Dashboard/stats";
const stats = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: STATS, headers });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as {
    jti: string;
    sub: string;
    exp: number;
    bnd: string;
  };
const cookieOf = (headers: { cookie: string }) => headers.cookie.slice(BINDING_COOKIE.length + 1);

/** Refused like any bad token: 401 with the one message the web app knows. */
async function expectRefused(headers: Record<string, string>) {
  const response = await stats(headers);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ message: authMessages.authFailed, code: "auth_failed" });
}

describe("token checks", () => {
  it("accept the token signed at sign-in, sent with its cookie", async () => {
    const { headers } = await t.signIn("Staff");
    expect((await stats(headers)).statusCode).toBe(200);
  });

  it("refuse a token with alg none, even with the right claims and cookie", async () => {
    const { token, headers } = await t.signIn("Staff");
    const unsigned = `${base64url({ alg: "none", typ: "JWT" })}.${token.split(".")[1]}.`;
    await expectRefused({ ...headers, authorization: `Bearer ${unsigned}` });
  });

  it("refuse a token signed with another key, or with an algorithm off the allow-list", async () => {
    const { token, headers } = await t.signIn("Staff");
    const claims = claimsOf(token);
    const expiresAt = new Date(claims.exp * 1000);
    const otherKey = await createTokenService(`another-key-${randomUUID()}`, clock).sign({
      sessionId: claims.jti,
      userGuid: claims.sub,
      expiresAt,
      bindingHash: claims.bnd,
    });
    await expectRefused({ ...headers, authorization: `Bearer ${otherKey}` });
    // The right key, but HS512: only HS256 is accepted.
    const hs512 = await new SignJWT({ bnd: claims.bnd })
      .setProtectedHeader({ alg: "HS512", typ: "JWT" })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    await expectRefused({ ...headers, authorization: `Bearer ${hs512}` });
  });

  it("refuse a token whose payload was changed after signing", async () => {
    const victim = await t.signIn("Admin");
    const { token, headers } = await t.signIn("Staff");
    // The Staff member's token pointed at the Admin's session, and given a longer life.
    const [header, , signature] = token.split(".");
    const claims = { ...claimsOf(token), jti: claimsOf(victim.token).jti, exp: claimsOf(token).exp + 86_400 };
    await expectRefused({ ...headers, authorization: `Bearer ${header}.${base64url(claims)}.${signature}` });
    await expectRefused({
      ...victim.headers,
      authorization: `Bearer ${header}.${base64url(claims)}.${signature}`,
    });
  });

  it("refuse a token past its own expiry even while its session row is still valid", async () => {
    const account = await t.createAccount({ role: "Staff" });
    const minted = await t.sessionFor(account);
    const claims = claimsOf(minted.token);
    // Same session and cookie, but a token that expires in one minute.
    const shortLived = await createTokenService(t.config.jwtSecret ?? "", clock).sign({
      sessionId: claims.jti,
      userGuid: claims.sub,
      expiresAt: new Date(clock.now().getTime() + 60_000),
      bindingHash: claims.bnd,
    });
    const headers = bearerHeaders(shortLived, cookieOf(minted.headers));
    expect((await stats(headers)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    await expectRefused(headers);
    expect((await stats(minted.headers)).statusCode).toBe(200);
  });
});

describe("the binding cookie", () => {
  it("is set at sign-in: HttpOnly, SameSite=Strict, Path=/, lasting as long as the token; the token carries its hash", async () => {
    const account = await t.createAccount({ role: "Staff" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/connect/verify-login",
      payload: { email: account.email, password: account.password },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === BINDING_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);
    const claims = claimsOf(response.json().accessToken);
    expect(cookie?.expires?.getTime()).toBe(claims.exp * 1000);
    expect(claims.bnd).toBe(
      createHash("sha256")
        .update(cookie?.value ?? "")
        .digest("base64url"),
    );
    // The token is still answered in the body, for localStorage under access_token.
    expect(JSON.stringify(response.json())).not.toContain(cookie?.value);
  });

  it("is Secure when the request came over https through a trusted proxy, and only then", async () => {
    const signIn = async (app: TestApp) => {
      const account = await app.createAccount({ role: "Staff" });
      const response = await app.app.inject({
        method: "POST",
        url: "/api/v2/connect/verify-login",
        headers: { "x-forwarded-proto": "https" },
        payload: { email: account.email, password: account.password },
      });
      return response.cookies.find((c) => c.name === BINDING_COOKIE);
    };
    // TRUST_PROXY off (the default): anyone could send that header, so it says nothing.
    expect((await signIn(t))?.secure).toBeFalsy();
    const proxied = await createTestApp({ config: { trustProxy: true } });
    try {
      expect((await signIn(proxied))?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it("must come with the token: a replayed token without it, or with another session's, is refused", async () => {
    const first = await t.signIn("Staff");
    // The same person signed in twice: each token goes with its own cookie only.
    const second = await t.signIn("Staff");
    expect((await stats(first.headers)).statusCode).toBe(200);
    await expectRefused({ authorization: first.headers.authorization });
    await expectRefused({ authorization: first.headers.authorization, cookie: second.headers.cookie });
    await expectRefused({ authorization: first.headers.authorization, cookie: `${BINDING_COOKIE}=` });
    await expectRefused({ ...first.headers, cookie: `other=1; ${BINDING_COOKIE}=forged` });
    // Other cookies beside it do not matter.
    expect(
      (await stats({ ...first.headers, cookie: `theme=dark; ${first.headers.cookie}` })).statusCode,
    ).toBe(200);
  });

  it("is cleared by logout", async () => {
    const { headers } = await t.signIn("Staff");
    const out = await t.app.inject({ method: "POST", url: "/api/v2/connect/logout", headers });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === BINDING_COOKIE);
    expect(cleared).toMatchObject({ value: "", path: "/", httpOnly: true, sameSite: "Strict" });
    expect(cleared?.expires?.getTime()).toBe(0);
  });
});
