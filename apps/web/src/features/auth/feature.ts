import { type Feature, lazyPage } from "@/lib/feature";
import { paths } from "@/lib/paths";

export const authFeature: Feature = {
  id: "auth",
  routes: [
    { path: paths.login, page: lazyPage(() => import("./routes/login-page")), public: true },
    { path: paths.register, page: lazyPage(() => import("./routes/register-page")), public: true },
    {
      path: paths.forgotPassword,
      page: lazyPage(() => import("./routes/forgot-password-page")),
      public: true,
    },
    {
      path: paths.resetPassword,
      page: lazyPage(() => import("./routes/reset-password-page")),
      public: true,
    },
  ],
};
