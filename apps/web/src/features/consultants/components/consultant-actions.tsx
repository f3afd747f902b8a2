import { Button, Group } from "@mantine/core";
import { IconClock, IconEdit, IconMapPin, IconTrash } from "@tabler/icons-react";
import type { Consultant } from "@visadesk/contract/consultants";
import { consultantMessages } from "@visadesk/contract/consultants-constants";
import { useNavigate } from "react-router";
import { RowActionMenu } from "@/components/row-action-menu";
import { paths } from "@/lib/paths";

/** Actions navigate with the consultant's guidId; without one, nothing happens but a log line. */
function useConsultantActions(consultant: Consultant) {
  const navigate = useNavigate();
  const go = (pathOf: (guidId: string) => string) => () => {
    if (!consultant.guidId) {
      console.error(consultantMessages.idUndefined);
      return;
    }
    navigate(pathOf(consultant.guidId));
  };
  const { edit, timings, addresses, delete: remove } = paths.consultants;
  return { edit: go(edit), timings: go(timings), addresses: go(addresses), remove: go(remove) };
}

/** The table's Action menu: Edit, Manage Timings, Manage Addresses, Delete. */
export function ConsultantActionMenu({ consultant }: { consultant: Consultant }) {
  const actions = useConsultantActions(consultant);
  return (
    <RowActionMenu
      name={consultant.name}
      actions={[
        { label: "Edit", icon: IconEdit, onClick: actions.edit },
        { label: "Manage Timings", icon: IconClock, onClick: actions.timings },
        { label: "Manage Addresses", icon: IconMapPin, onClick: actions.addresses },
        { label: "Delete", icon: IconTrash, onClick: actions.remove, danger: true, divided: true },
      ]}
    />
  );
}

/** The card's buttons: Edit, Timings, Addresses, Delete. */
export function ConsultantCardButtons({ consultant }: { consultant: Consultant }) {
  const actions = useConsultantActions(consultant);
  const label = (action: string) => `${action} ${consultant.name}`;
  return (
    <Group gap="xs" mt="sm">
      <Button size="xs" variant="default" onClick={actions.edit} aria-label={label("Edit")}>
        Edit
      </Button>
      <Button size="xs" variant="default" onClick={actions.timings} aria-label={label("Timings of")}>
        Timings
      </Button>
      <Button size="xs" variant="default" onClick={actions.addresses} aria-label={label("Addresses of")}>
        Addresses
      </Button>
      <Button size="xs" variant="outline" color="red.9" onClick={actions.remove} aria-label={label("Delete")}>
        Delete
      </Button>
    </Group>
  );
}
