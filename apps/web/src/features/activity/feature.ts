import { IconBuilding, IconHistory } from "@tabler/icons-react";
import { type Feature, lazyPage } from "@/lib/feature";
import { paths } from "@/lib/paths";

export const activityFeature: Feature = {
  id: "activity",
  routes: [{ path: paths.activity, page: lazyPage(() => import("./routes/activity-page")) }],
  nav: {
    to: paths.activity,
    label: "Activity",
    icon: IconHistory,
    group: { label: "Manage Internal Users", icon: IconBuilding },
    roles: ["Admin"],
  },
};
