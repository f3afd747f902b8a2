import { IconBuilding, IconUserShield } from "@tabler/icons-react";
import { type Feature, lazyPage } from "../../lib/feature";

export const internalUsersFeature: Feature = {
  id: "internal-users",
  routes: [{ path: "/internal-users", page: lazyPage(() => import("./routes/internal-user-list-page")) }],
  nav: {
    to: "/internal-users",
    label: "Internal Users",
    icon: IconUserShield,
    group: { label: "Manage Internal Users", icon: IconBuilding },
  },
};
