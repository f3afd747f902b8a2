import { IconBuilding, IconUserShield } from "@tabler/icons-react";
import { lazy } from "react";
import type { Feature } from "../../lib/feature";
import { paths } from "../../lib/paths";

export const internalUsersFeature: Feature = {
  id: "internal-users",
  routes: [{ path: paths.internalUsers.list, page: lazy(() => import("./routes/internal-user-list-page")) }],
  nav: {
    to: paths.internalUsers.list,
    label: "Internal Users",
    icon: IconUserShield,
    group: { label: "Manage Internal Users", icon: IconBuilding },
  },
};
