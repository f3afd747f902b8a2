import { lazy } from "react";
import type { Feature } from "../../lib/feature";
import { paths } from "../../lib/paths";

export const tokenTestFeature: Feature = {
  id: "token-test",
  routes: [{ path: paths.tokenTest, page: lazy(() => import("./routes/token-test-page")) }],
};
