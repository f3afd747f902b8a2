import type { paths } from "@visadesk/contract/generated/customer-api";

/** One of the customer's appointments, as the customer API answers it. */
export type Booking =
  paths["/api/customer/v1/appointments"]["get"]["responses"][200]["content"]["application/json"]["data"][number];
