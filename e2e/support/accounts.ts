import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { sessionHeaders, unique } from "./fixtures";

export interface StaffAccount {
  guidId: string;
  userName: string;
  email: string;
  password: string;
}

/** Registers an internal account through the public API, as a new staff member would. */
export async function registerStaff(request: APIRequestContext): Promise<StaffAccount> {
  const id = unique();
  const account = { userName: `staff${id}`, email: `staff.${id}@e2e.test`, password: `Pass-${id}-word` };
  const response = await request.post("/api/v2/connect/register", {
    multipart: {
      UserName: account.userName,
      Email: account.email,
      FirstName: "Sam",
      LastName: `Staff ${id}`,
      PhoneNumber: "+92 300 1234567",
      Password: account.password,
    },
  });
  if (response.status() !== 201) throw new Error(`register failed: ${await response.text()}`);
  const body = await response.json();
  return { ...account, guidId: body.user.guidId };
}

/** A registered internal account that an Admin has approved, so it can sign in. */
export async function activeStaff(
  request: APIRequestContext,
  adminHeaders: Record<string, string>,
): Promise<StaffAccount> {
  const account = await registerStaff(request);
  const approved = await request.post(`/api/v2/User/users/${account.guidId}/approve`, {
    headers: adminHeaders,
  });
  if (approved.status() !== 200) throw new Error(`approve failed: ${await approved.text()}`);
  return account;
}

/**
 * Signs in through the API and stores the session the way the web app does (the token in localStorage, the
 * binding cookie in the page's cookie jar); answers the token and the headers for API calls of that session.
 */
export async function signInAs(page: Page, credentials: { email: string; password: string }) {
  const response = await page.request.post("/api/v2/connect/verify-login", { data: credentials });
  if (response.status() !== 200) throw new Error(`sign-in failed: ${await response.text()}`);
  const { accessToken, user } = await response.json();
  // Any document of the origin holds its storage: a static file, not the app (a load of React and Mantine).
  await page.goto("/robots.txt");
  await page.evaluate(
    ([token, stored]) => {
      localStorage.setItem("access_token", token);
      localStorage.setItem("access_USER", stored);
    },
    [accessToken, JSON.stringify(user)] as const,
  );
  return { token: accessToken as string, headers: await sessionHeaders(response) };
}

/** A browser context with nothing stored: a visitor who has not signed in. */
export const signedOutPage = async (browser: Browser) =>
  (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
