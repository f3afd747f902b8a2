import { Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { User } from "@visadesk/contract/users";
import { appUserDeletionMessages, appUserMessages } from "@visadesk/contract/users-constants";
import { Dialog } from "@/components/dialog";
import { UpcomingAppointmentsChoice, useUpcomingChoice } from "@/components/upcoming-appointments-choice";
import { errorMessage, statusOf } from "@/lib/http";
import { notify } from "@/lib/toast";
import { getAppUserDeletionImpact, useDeleteAppUser } from "../api/delete-app-user";

/**
 * "Are you sure you want to delete this app user?", then a toast and a reload. Booked upcoming appointments
 * are named and their fate chosen, as on a consultant's delete: cancel them with a reason the consultants
 * and the customer are mailed, or keep them flagged "customer removed".
 */
export function DeleteAppUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Dialog
      opened={user !== null}
      onClose={onClose}
      title="Delete App User"
      closeButtonProps={{ "aria-label": "Close" }}
      centered
    >
      {/* Keyed by the user: each delete starts with no choice made. */}
      {user ? <DeleteAppUser key={user.guidId} user={user} onClose={onClose} /> : null}
    </Dialog>
  );
}

function DeleteAppUser({ user, onClose }: { user: User; onClose: () => void }) {
  const deletion = useDeleteAppUser();
  const impact = useQuery({
    queryKey: ["app-user-deletion-impact", user.guidId],
    queryFn: () => getAppUserDeletionImpact(user.guidId),
    staleTime: 0,
  });
  const choice = useUpcomingChoice("app user");
  // A count that could not be read is asked for by the server's 409 if there are appointments.
  const upcoming = impact.data?.upcomingAppointments ?? 0;
  const confirm = () => {
    const decision = choice.decision(upcoming);
    if (!decision) return;
    deletion.mutate(
      { guidId: user.guidId, ...decision },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
        onError: (error) => {
          const status = statusOf(error);
          // Someone booked an appointment meanwhile: show the new count and ask again.
          if (status === 409) {
            choice.setChoice(null);
            void impact.refetch();
            notify.error(errorMessage(error));
          } else if (status === 400) {
            choice.setReasonError(errorMessage(error));
          } else {
            notify.failure(appUserMessages.deleteFailed, error);
          }
        },
      },
    );
  };
  if (impact.isPending) {
    return (
      <Center py="md" role="status" aria-label="Loading appointments">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <Text>{appUserMessages.deleteConfirm}</Text>
      <Text size="sm" c="dimmed">
        {user.userName} ({user.email})
      </Text>
      {upcoming > 0 && <Text size="sm">{appUserDeletionMessages.restoreNote}</Text>}
      <UpcomingAppointmentsChoice upcoming={upcoming} state={choice} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={deletion.isPending} data-autofocus>
          Cancel
        </Button>
        <Button
          color="red.9"
          onClick={confirm}
          disabled={choice.needsChoice(upcoming)}
          loading={deletion.isPending}
        >
          Delete
        </Button>
      </Group>
    </Stack>
  );
}
