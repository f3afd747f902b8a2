import { ActionIcon, Button, Group, Menu } from "@mantine/core";
import { IconDotsVertical, IconEdit, IconTrash } from "@tabler/icons-react";
import type { User } from "@visadesk/contract/users";

interface AppUserActionsProps {
  user: User;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

/** The table's Action dropdown (spec section 2: Edit and Delete). */
export function AppUserActionMenu({ user, onEdit, onDelete }: AppUserActionsProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.userName}`}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={() => onEdit(user)}>
          Edit
        </Menu.Item>
        <Menu.Item
          color="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => onDelete(user)}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
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
