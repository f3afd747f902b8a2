import { IconBuilding, IconUserShield } from "@tabler/icons-react";
import { type Feature, lazyPage } from "@/lib/feature";
import { paths, routePatterns } from "@/lib/paths";

export const internalUsersFeature: Feature = {
  id: "internal-users",
  routes: [
    { path: paths.internalUsers.list, page: lazyPage(() => import("./routes/internal-user-list-page")) },
    {
      path: routePatterns.internalUsers.view,
      page: lazyPage(() => import("./routes/internal-user-page")),
    },
  ],
  nav: {
    to: paths.internalUsers.list,
    label: "Internal Users",
    icon: IconUserShield,
    group: { label: "Manage Internal Users", icon: IconBuilding },
  },
};
