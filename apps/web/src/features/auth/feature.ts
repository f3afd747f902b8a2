import { lazy } from "react";
import type { Feature } from "../../lib/feature";
import { paths } from "../../lib/paths";

export const authFeature: Feature = {
  id: "auth",
  routes: [
    { path: paths.login, page: lazy(() => import("./routes/login-page")), public: true },
    { path: paths.register, page: lazy(() => import("./routes/register-page")), public: true },
    { path: paths.forgotPassword, page: lazy(() => import("./routes/forgot-password-page")), public: true },
    {
      path: paths.resetPassword,
      page: lazy(() => import("./routes/reset-password-page")),
      public: true,
    },
  ],
};
