import { IconBuilding, IconUserShield } from "@tabler/icons-react";
import { lazy } from "react";
import type { Feature } from "../../lib/feature";

export const internalUsersFeature: Feature = {
  id: "internal-users",
  routes: [{ path: "/internal-users", page: lazy(() => import("./routes/internal-user-list-page")) }],
  nav: {
    to: "/internal-users",
    label: "Internal Users",
    icon: IconUserShield,
    group: { label: "Manage Internal Users", icon: IconBuilding },
  },
};
