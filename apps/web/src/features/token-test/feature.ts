import { lazy } from "react";
import type { Feature } from "../../lib/feature";

export const tokenTestFeature: Feature = {
  id: "token-test",
  routes: [{ path: "/token-test", page: lazy(() => import("./routes/token-test-page")) }],
};
