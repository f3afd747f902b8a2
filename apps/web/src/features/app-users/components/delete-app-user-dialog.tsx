import { Button, Group, Modal, Text } from "@mantine/core";
import { appUserMessages, type User } from "@visadesk/contract/users";
import { notify } from "../../../lib/toast";
import { useDeleteAppUser } from "../api/delete-app-user";

/** Spec section 8: "Are you sure you want to delete this app user?", then a toast and a reload. */
export function DeleteAppUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const deletion = useDeleteAppUser();
  const confirm = () => {
    if (!user) return;
    deletion.mutate(user.guidId, {
      onSuccess: () => {
        notify.success(appUserMessages.deleted);
        onClose();
      },
      onError: () => notify.error(appUserMessages.deleteFailed),
    });
  };
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title="Delete App User"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Text>{appUserMessages.deleteConfirm}</Text>
      {user && (
        <Text size="sm" c="dimmed" mt="xs">
          {user.userName} ({user.email})
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={deletion.isPending}>
          Cancel
        </Button>
        <Button color="red.9" onClick={confirm} loading={deletion.isPending}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
