import { lazy } from "react";
import type { Feature } from "../../lib/feature";

export const authFeature: Feature = {
  id: "auth",
  routes: [
    { path: "/login", page: lazy(() => import("./routes/login-page")), public: true },
    { path: "/register", page: lazy(() => import("./routes/register-page")), public: true },
    { path: "/forgot-password", page: lazy(() => import("./routes/forgot-password-page")), public: true },
    {
      path: "/forgot-password/reset",
      page: lazy(() => import("./routes/reset-password-page")),
      public: true,
    },
  ],
};
