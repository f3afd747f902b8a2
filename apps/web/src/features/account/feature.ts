import { type Feature, lazyPage } from "@/lib/feature";
import { paths } from "@/lib/paths";

/** My account: reached from the profile menu's Settings, not from the sidebar. */
export const accountFeature: Feature = {
  id: "account",
  routes: [{ path: paths.settings, page: lazyPage(() => import("./routes/settings-page")) }],
};
