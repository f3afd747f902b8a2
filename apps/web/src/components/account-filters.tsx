import { ACCOUNT_STATUSES, CNIC_VERIFICATIONS } from "@visadesk/contract/users-constants";
import { ChoiceFilter } from "./list-filters";

// Apart from the shared filters: only the account lists load the users' constants they read.

/** Each state as its choice, named by the state itself, capitalised ("pending" → "Pending"). */
const choicesOf = (states: readonly string[]) =>
  states.map((state) => ({ value: state, label: state[0]?.toUpperCase() + state.slice(1) }));

type FilterProps = { value: string; onChange: (state: string) => void };

/** The CNIC verification queue: app users whose CNIC check stands so. */
export function CnicVerificationFilter(props: FilterProps) {
  return (
    <ChoiceFilter label="CNIC check" anyLabel="Any" options={choicesOf(CNIC_VERIFICATIONS)} {...props} />
  );
}

/** An account's registration state; without one the list shows every account but the rejected ones. */
export function AccountStatusFilter(props: FilterProps) {
  return (
    <ChoiceFilter
      label="Status"
      anyLabel="All but rejected"
      options={choicesOf(ACCOUNT_STATUSES)}
      {...props}
    />
  );
}
