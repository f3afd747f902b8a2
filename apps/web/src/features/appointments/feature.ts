import { IconCalendarEvent, IconCalendarTime } from "@tabler/icons-react";
import { type Feature, lazyPage } from "../../lib/feature";

export const appointmentsFeature: Feature = {
  id: "appointments",
  routes: [{ path: "/user-appointments", page: lazyPage(() => import("./routes/appointments-page")) }],
  nav: {
    to: "/user-appointments",
    label: "User Appointments",
    icon: IconCalendarTime,
    group: { label: "Appointments", icon: IconCalendarEvent },
  },
};
