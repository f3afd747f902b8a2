import { IconLayoutDashboard } from "@tabler/icons-react";
import { type Feature, lazyPage } from "@/lib/feature";
import { paths } from "@/lib/paths";

export const dashboardFeature: Feature = {
  id: "dashboard",
  routes: [{ path: paths.home, page: lazyPage(() => import("./routes/dashboard-page")) }],
  nav: { to: paths.home, label: "Dashboard", icon: IconLayoutDashboard },
};
