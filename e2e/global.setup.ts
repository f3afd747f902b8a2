import { expect, test as setup } from "@playwright/test";
import { ADMIN, ADMIN_STATE } from "./support/env";

/** Signs the first Admin in once through the real login call; every spec reuses this session. */
setup("sign in as the first Admin", async ({ page, request }) => {
  const response = await request.post("/api/v2/connect/verify-login", { data: ADMIN });
  expect(response.status()).toBe(200);
  const { accessToken, user } = await response.json();
  await page.goto("/login");
  await page.evaluate(
    ([token, stored]) => {
      localStorage.setItem("access_token", token);
      localStorage.setItem("access_USER", stored);
    },
    [accessToken, JSON.stringify(user)] as const,
  );
  await page.context().storageState({ path: ADMIN_STATE });
});
