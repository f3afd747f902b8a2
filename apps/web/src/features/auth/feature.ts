import { type Feature, lazyPage } from "../../lib/feature";

export const authFeature: Feature = {
  id: "auth",
  routes: [
    { path: "/login", page: lazyPage(() => import("./routes/login-page")), public: true },
    { path: "/register", page: lazyPage(() => import("./routes/register-page")), public: true },
    { path: "/forgot-password", page: lazyPage(() => import("./routes/forgot-password-page")), public: true },
    {
      path: "/forgot-password/reset",
      page: lazyPage(() => import("./routes/reset-password-page")),
      public: true,
    },
  ],
};
