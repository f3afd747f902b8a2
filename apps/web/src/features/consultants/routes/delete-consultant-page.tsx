// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/CheckboxIndicator.css";
import "@mantine/core/styles/Checkbox.css";
import { Alert, Button, Card, Center, Checkbox, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { consultantMessages } from "@visadesk/contract/consultants-constants";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { errorMessage, statusOf } from "../../../lib/http";
import { notify } from "../../../lib/toast";
import { useDeleteConsultant } from "../api/delete-consultant";
import { useConsultant } from "../api/get-consultant";
import { useDeletionImpact } from "../api/get-deletion-impact";
import { ConsultantLogo } from "../components/consultant-logo";
import { ConsultantPageHeader } from "../components/consultant-page-header";

/**
 * /delete-user/{guidId} (its contents are not in the spec): shows which consultant will be deleted and asks
 * to confirm. Booked upcoming appointments are named and need a second, explicit confirmation.
 */
export default function DeleteConsultantPage() {
  const { guidId = "" } = useParams();
  const title = consultantMessages.deleteTitle;
  return (
    <Stack gap="lg">
      <ConsultantPageHeader title={title} />
      <DeleteConsultant guidId={guidId} />
    </Stack>
  );
}

function DeleteConsultant({ guidId }: { guidId: string }) {
  const navigate = useNavigate();
  const consultant = useConsultant(guidId);
  const impact = useDeletionImpact(guidId);
  const deletion = useDeleteConsultant();
  const [confirmedUpcoming, setConfirmedUpcoming] = useState(false);

  if (consultant.isPending || impact.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading consultant">
        <Loader />
      </Center>
    );
  }
  if (consultant.isError || impact.isError) {
    const missing = statusOf(consultant.error ?? impact.error) === 404;
    return (
      <Stack align="flex-start">
        <Text>{missing ? consultantMessages.notFound : consultantMessages.loadFailed}</Text>
        <Button component={Link} to="/users" variant="default">
          Back to Consultants
        </Button>
      </Stack>
    );
  }

  const upcoming = impact.data.upcomingAppointments;
  const needsSecondConfirmation = upcoming > 0 && !confirmedUpcoming;
  const remove = () =>
    deletion.mutate(
      { guidId, confirmUpcoming: upcoming > 0 && confirmedUpcoming },
      {
        onSuccess: () => {
          notify.success(consultantMessages.deleted);
          navigate("/users");
        },
        onError: (error) => {
          // Someone booked an appointment meanwhile: show the new count and ask again.
          if (statusOf(error) === 409) {
            setConfirmedUpcoming(false);
            void impact.refetch();
            notify.error(errorMessage(error));
          } else {
            notify.error(consultantMessages.deleteFailed);
          }
        },
      },
    );

  const { data } = consultant;
  return (
    <Card withBorder padding="lg" maw={640}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <ConsultantLogo logoURL={data.logoURL} name={data.name} size="lg" />
          <Stack gap={0}>
            <Text fw={600} size="lg">
              {data.name}
            </Text>
            <Text size="sm" c="dimmed">
              {data.contactEmail}
            </Text>
            <Text size="sm">{data.businessName}</Text>
          </Stack>
        </Group>
        <Text fw={500}>{consultantMessages.deleteConfirm}</Text>
        <Text size="sm">
          The consultant will no longer appear in lists or dashboard counts. The record is kept, so an
          administrator can restore it if it was deleted by mistake.
        </Text>
        {upcoming > 0 && (
          <Alert
            color="orange"
            variant="light"
            title={
              <Text fw={700} size="sm" c="dark">
                Upcoming appointments
              </Text>
            }
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            <Stack gap="sm">
              <Text size="sm">
                This consultant has {upcoming} upcoming appointment{upcoming === 1 ? "" : "s"} that{" "}
                {upcoming === 1 ? "is" : "are"} not cancelled.
              </Text>
              <Checkbox
                label={consultantMessages.deleteUpcomingConfirm}
                checked={confirmedUpcoming}
                onChange={(event) => setConfirmedUpcoming(event.currentTarget.checked)}
              />
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate("/users")} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button
            color="red.9"
            onClick={remove}
            disabled={needsSecondConfirmation || deletion.isPending}
            loading={deletion.isPending}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
