import { IconBriefcase, IconUserStar } from "@tabler/icons-react";
import { type Feature, lazyPage } from "@/lib/feature";
import { paths, routePatterns } from "@/lib/paths";

const form = lazyPage(() => import("./routes/consultant-form-page"));

export const consultantsFeature: Feature = {
  id: "consultants",
  routes: [
    { path: paths.consultants.list, page: lazyPage(() => import("./routes/consultant-list-page")) },
    { path: paths.consultants.add, page: form },
    { path: routePatterns.consultants.edit, page: form },
    {
      path: routePatterns.consultants.delete,
      page: lazyPage(() => import("./routes/delete-consultant-page")),
    },
    {
      path: routePatterns.consultants.timings,
      page: lazyPage(() => import("./routes/consultant-timings-page")),
    },
    {
      path: routePatterns.consultants.addresses,
      page: lazyPage(() => import("./routes/consultant-addresses-page")),
    },
  ],
  nav: {
    to: paths.consultants.list,
    label: "Consultant",
    icon: IconUserStar,
    group: { label: "Manage Consultant", icon: IconBriefcase },
  },
};
