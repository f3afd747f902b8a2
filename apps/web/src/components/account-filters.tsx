import { ACCOUNT_STATUSES, CNIC_VERIFICATIONS } from "@visadesk/contract/users-constants";
import { ChoiceFilter } from "./list-filters";

// Apart from the shared filters: only the account lists load the users' constants they read.

/** The CNIC verification queue: app users whose CNIC check stands so. */
export function CnicVerificationFilter(props: { value: string; onChange: (verification: string) => void }) {
  return (
    <ChoiceFilter
      label="CNIC check"
      anyLabel="Any"
      options={CNIC_VERIFICATIONS.map((verification) => ({
        value: verification,
        label: verification[0]?.toUpperCase() + verification.slice(1),
      }))}
      {...props}
    />
  );
}

/** An account's registration state; without one the list shows every account but the rejected ones. */
export function AccountStatusFilter(props: { value: string; onChange: (status: string) => void }) {
  return (
    <ChoiceFilter
      label="Status"
      anyLabel="All but rejected"
      options={ACCOUNT_STATUSES.map((status) => ({
        value: status,
        label: status[0]?.toUpperCase() + status.slice(1),
      }))}
      {...props}
    />
  );
}
