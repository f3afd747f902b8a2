import { IconDeviceMobile, IconUsers } from "@tabler/icons-react";
import { type Feature, lazyPage } from "../../lib/feature";

const form = lazyPage(() => import("./routes/app-user-form-page"));

export const appUsersFeature: Feature = {
  id: "app-users",
  routes: [
    { path: "/app-users", page: lazyPage(() => import("./routes/app-user-list-page")) },
    { path: "/add-app-user", page: form },
    { path: "/edit-app-user/:guidId", page: form },
  ],
  nav: {
    to: "/app-users",
    label: "App Users",
    icon: IconUsers,
    group: { label: "Manage App Users", icon: IconDeviceMobile },
  },
};
