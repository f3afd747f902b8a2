import { Badge, Group, Text } from "@mantine/core";
import { deletedFilterMessages } from "@visadesk/contract/common-constants";
import type { Consultant } from "@visadesk/contract/consultants";
import { consultantMessages } from "@visadesk/contract/consultants-constants";
import type { ConsultantSort } from "@visadesk/contract/lists-constants";
import { orNA } from "@/components/data-list";
import { deletedAtText, RestoreButton } from "@/components/deleted-filter";
import type { ListColumn } from "@/components/list-table";
import { LongText } from "@/components/long-text";
import { RecordLink } from "@/components/record-link";
import { consultantFieldLabels } from "@/lib/field-labels";
import { paths } from "@/lib/paths";
import { useMoneyFormat } from "@/lib/public-settings";
import { useRestoreConsultant } from "../api/restore-consultant";
import { countryNames, languageNames } from "../countries";
import { approvalStates, premiumStates } from "../states";
import { ConsultantActionMenu } from "./consultant-actions";
import { ConsultantLogo } from "./consultant-logo";

/* The consultant list's columns: the active list's and the deleted list's (Admins). */

/** Logo and name; the name links to the consultant's page (a deleted one has none: plain text). */
const nameCell = (consultant: Consultant, linked: boolean) => (
  <Group gap="sm" wrap="nowrap">
    <ConsultantLogo logoURL={consultant.logoURL} name={consultant.name} size="md" />
    {linked ? (
      <RecordLink to={paths.consultants.edit(consultant.guidId)}>{consultant.name}</RecordLink>
    ) : (
      <LongText fw={500}>{consultant.name}</LongText>
    )}
  </Group>
);

/** A column's sort: one of the list's sorts, so a field the server does not sort by does not compile. */
const sortable = (field: ConsultantSort) => field;

export const consultantColumns: ListColumn<Consultant>[] = [
  { header: "Consultant", cell: (consultant) => nameCell(consultant, true), sortField: sortable("name") },
  { header: "Email", cell: (consultant) => consultant.contactEmail, sortField: sortable("contactEmail") },
  {
    header: "Business Name",
    cell: (consultant) => orNA(consultant.businessName),
    sortField: sortable("businessName"),
  },
  {
    header: "Countries",
    cell: (consultant) => orNA(countryNames(consultant.country)),
    sortField: sortable("country"),
  },
  {
    header: consultantFieldLabels.languagesSpoken,
    cell: (consultant) => orNA(languageNames(consultant.languagesSpoken)),
  },
  { header: "Phone", cell: (consultant) => orNA(consultant.phoneNumber), sortField: sortable("phoneNumber") },
  { header: "Visa Fee", cell: (consultant) => <Fee amount={consultant.fee} /> },
  {
    header: "Approved",
    cell: (consultant) => <StateBadge value={consultant.isApproved} states={approvalStates} />,
  },
  {
    header: "Premium",
    cell: (consultant) => <StateBadge value={consultant.isPremium} states={premiumStates} />,
  },
  { header: "Action", cell: (consultant) => <ConsultantActionMenu consultant={consultant} />, pinned: true },
];

/** The fee in the server's currency (CURRENCY), in the reader's number format; "N/A" without one. */
export function Fee({ amount }: { amount: number | null }) {
  const money = useMoneyFormat();
  return amount === null ? "N/A" : money(amount);
}

/** The state in words, so the column reads the same to everyone (not a colour or an icon alone). */
function StateBadge({ value, states }: { value: boolean; states: { yes: string; no: string } }) {
  return value ? (
    <Badge variant="light" color="teal.9">
      {states.yes}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      {states.no}
    </Text>
  );
}

export const deletedConsultantColumns: ListColumn<Consultant>[] = [
  { header: "Consultant", cell: (consultant) => nameCell(consultant, false) },
  { header: "Email", cell: (consultant) => consultant.contactEmail },
  {
    header: deletedFilterMessages.deletedAt,
    cell: (consultant) =>
      `${deletedAtText(consultant.deletedAt)}${consultant.updatedBy ? ` by ${consultant.updatedBy}` : ""}`,
  },
  {
    header: "Action",
    cell: (consultant) => <RestoreConsultantButton consultant={consultant} />,
    pinned: true,
  },
];

/** Restores the consultant; the toast says what was not restored (appointments the delete cancelled). */
export function RestoreConsultantButton({ consultant }: { consultant: Consultant }) {
  return (
    <RestoreButton
      guidId={consultant.guidId}
      name={consultant.name}
      restoration={useRestoreConsultant()}
      failure={consultantMessages.restoreFailed}
    />
  );
}
