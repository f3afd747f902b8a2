import { IconCalendarEvent, IconCalendarTime } from "@tabler/icons-react";
import { type Feature, lazyPage } from "@/lib/feature";
import { paths } from "@/lib/paths";

export const appointmentsFeature: Feature = {
  id: "appointments",
  routes: [{ path: paths.appointments.list, page: lazyPage(() => import("./routes/appointments-page")) }],
  nav: {
    to: paths.appointments.list,
    label: "User Appointments",
    icon: IconCalendarTime,
    group: { label: "Appointments", icon: IconCalendarEvent },
  },
};
