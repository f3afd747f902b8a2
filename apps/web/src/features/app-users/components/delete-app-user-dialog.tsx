import type { User } from "@visadesk/contract/users";
import { appUserMessages } from "@visadesk/contract/users-constants";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { notify } from "@/lib/toast";
import { useDeleteAppUser } from "../api/delete-app-user";

/** "Are you sure you want to delete this app user?", then a toast and a reload. */
export function DeleteAppUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const deletion = useDeleteAppUser();
  const confirm = () => {
    if (!user) return;
    deletion.mutate(user.guidId, {
      onSuccess: () => {
        notify.success(appUserMessages.deleted);
        onClose();
      },
      onError: (error) => notify.failure(appUserMessages.deleteFailed, error),
    });
  };
  return (
    <ConfirmDialog
      opened={user !== null}
      title="Delete App User"
      message={appUserMessages.deleteConfirm}
      details={user && `${user.userName} (${user.email})`}
      busy={deletion.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
