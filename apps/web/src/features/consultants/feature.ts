import { IconBriefcase, IconUserStar } from "@tabler/icons-react";
import { type Feature, lazyPage } from "../../lib/feature";

const form = lazyPage(() => import("./routes/consultant-form-page"));

export const consultantsFeature: Feature = {
  id: "consultants",
  routes: [
    { path: "/users", page: lazyPage(() => import("./routes/consultant-list-page")) },
    { path: "/add-user", page: form },
    { path: "/edit-user/:guidId", page: form },
    { path: "/delete-user/:guidId", page: lazyPage(() => import("./routes/delete-consultant-page")) },
    {
      path: "/consultant-timings/:consultantId",
      page: lazyPage(() => import("./routes/consultant-timings-page")),
    },
    {
      path: "/consultant-addresses/:consultantId",
      page: lazyPage(() => import("./routes/consultant-addresses-page")),
    },
  ],
  nav: {
    to: "/users",
    label: "Consultant",
    icon: IconUserStar,
    group: { label: "Manage Consultant", icon: IconBriefcase },
  },
};
