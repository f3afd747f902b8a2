import { type Feature, lazyPage } from "../../lib/feature";

export const tokenTestFeature: Feature = {
  id: "token-test",
  routes: [{ path: "/token-test", page: lazyPage(() => import("./routes/token-test-page")) }],
};
