import { IconBriefcase, IconUserStar } from "@tabler/icons-react";
import { lazy } from "react";
import type { Feature } from "../../lib/feature";

const form = lazy(() => import("./routes/consultant-form-page"));

export const consultantsFeature: Feature = {
  id: "consultants",
  routes: [
    { path: "/users", page: lazy(() => import("./routes/consultant-list-page")) },
    { path: "/add-user", page: form },
    { path: "/edit-user/:guidId", page: form },
    { path: "/delete-user/:guidId", page: lazy(() => import("./routes/delete-consultant-page")) },
    {
      path: "/consultant-timings/:consultantId",
      page: lazy(() => import("./routes/consultant-timings-page")),
    },
    {
      path: "/consultant-addresses/:consultantId",
      page: lazy(() => import("./routes/consultant-addresses-page")),
    },
  ],
  nav: {
    to: "/users",
    label: "Consultant",
    icon: IconUserStar,
    group: { label: "Manage Consultant", icon: IconBriefcase },
  },
};
