import { IconBriefcase, IconUserStar } from "@tabler/icons-react";
import { lazy } from "react";
import type { Feature } from "../../lib/feature";
import { paths, routePatterns } from "../../lib/paths";

const form = lazy(() => import("./routes/consultant-form-page"));

export const consultantsFeature: Feature = {
  id: "consultants",
  routes: [
    { path: paths.consultants.list, page: lazy(() => import("./routes/consultant-list-page")) },
    { path: paths.consultants.add, page: form },
    { path: routePatterns.consultants.edit, page: form },
    { path: routePatterns.consultants.delete, page: lazy(() => import("./routes/delete-consultant-page")) },
    {
      path: routePatterns.consultants.timings,
      page: lazy(() => import("./routes/consultant-timings-page")),
    },
    {
      path: routePatterns.consultants.addresses,
      page: lazy(() => import("./routes/consultant-addresses-page")),
    },
  ],
  nav: {
    to: paths.consultants.list,
    label: "Consultant",
    icon: IconUserStar,
    group: { label: "Manage Consultant", icon: IconBriefcase },
  },
};
