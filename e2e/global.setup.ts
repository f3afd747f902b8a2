import { test as setup } from "@playwright/test";
import { signInAs } from "./support/accounts";
import { ADMIN, ADMIN_STATE } from "./support/env";

/** Signs the first Admin in once through the real login call; every spec reuses this session. */
setup("sign in as the first Admin", async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.context().storageState({ path: ADMIN_STATE });
});
