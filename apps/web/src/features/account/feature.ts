import { type Feature, lazyPage } from "../../lib/feature";

/** My account: reached from the profile menu's Settings, not from the sidebar. */
export const accountFeature: Feature = {
  id: "account",
  routes: [{ path: "/settings", page: lazyPage(() => import("./routes/settings-page")) }],
};
