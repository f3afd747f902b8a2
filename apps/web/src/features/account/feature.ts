import { lazy } from "react";
import type { Feature } from "../../lib/feature";
import { paths } from "../../lib/paths";

/** My account: reached from the profile menu's Settings, not from the sidebar. */
export const accountFeature: Feature = {
  id: "account",
  routes: [{ path: paths.settings, page: lazy(() => import("./routes/settings-page")) }],
};
