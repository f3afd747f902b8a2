import { type Feature, lazyPage } from "@/lib/feature";
import { paths } from "@/lib/paths";

export const tokenTestFeature: Feature = {
  id: "token-test",
  routes: [{ path: paths.tokenTest, page: lazyPage(() => import("./routes/token-test-page")) }],
};
