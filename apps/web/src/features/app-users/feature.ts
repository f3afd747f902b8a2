import { IconDeviceMobile, IconUsers } from "@tabler/icons-react";
import { type Feature, lazyPage } from "@/lib/feature";
import { paths, routePatterns } from "@/lib/paths";

const form = lazyPage(() => import("./routes/app-user-form-page"));

export const appUsersFeature: Feature = {
  id: "app-users",
  routes: [
    { path: paths.appUsers.list, page: lazyPage(() => import("./routes/app-user-list-page")) },
    { path: paths.appUsers.add, page: form },
    { path: routePatterns.appUsers.edit, page: form },
  ],
  nav: {
    to: paths.appUsers.list,
    label: "App Users",
    icon: IconUsers,
    group: { label: "Manage App Users", icon: IconDeviceMobile },
  },
};
