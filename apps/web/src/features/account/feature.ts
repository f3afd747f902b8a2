import { lazy } from "react";
import type { Feature } from "../../lib/feature";

/** My account: reached from the profile menu's Settings, not from the sidebar. */
export const accountFeature: Feature = {
  id: "account",
  routes: [{ path: "/settings", page: lazy(() => import("./routes/settings-page")) }],
};
