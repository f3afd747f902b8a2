import { Button, Group } from "@mantine/core";
import { IconEdit, IconTrash } from "@tabler/icons-react";
import type { User } from "@visadesk/contract/users";
import { RowActionMenu } from "@/components/row-action-menu";

interface AppUserActionsProps {
  user: User;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

/** The table's Action dropdown (Edit and Delete). */
export function AppUserActionMenu({ user, onEdit, onDelete }: AppUserActionsProps) {
  return (
    <RowActionMenu
      name={user.userName}
      actions={[
        { label: "Edit", icon: IconEdit, onClick: () => onEdit(user) },
        { label: "Delete", icon: IconTrash, onClick: () => onDelete(user), danger: true },
      ]}
    />
  );
}

/** The card's Edit and Delete buttons. */
export function AppUserCardButtons({ user, onEdit, onDelete }: AppUserActionsProps) {
  return (
    <Group gap="xs" mt="md">
      <Button
        size="xs"
        variant="outline"
        color="indigo.8"
        leftSection={<IconEdit size={14} aria-hidden />}
        onClick={() => onEdit(user)}
        aria-label={`Edit ${user.userName}`}
      >
        Edit
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => onDelete(user)}
        aria-label={`Delete ${user.userName}`}
      >
        Delete
      </Button>
    </Group>
  );
}
