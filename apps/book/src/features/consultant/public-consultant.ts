import type { paths } from "@visadesk/contract/generated/customer-api";

/** A consultant's public profile, as the customer API's document declares it. */
export type PublicConsultant =
  paths["/api/customer/v1/consultants/{id}"]["get"]["responses"][200]["content"]["application/json"];
