import { Button, Card, Center, Group, Loader, Stack, Text } from "@mantine/core";
import {
  consultantMessages,
  consultantDeletionMessages as deletionTexts,
} from "@visadesk/contract/consultants-constants";
import { Link, useNavigate, useParams } from "react-router";
import { UpcomingAppointmentsChoice, useUpcomingChoice } from "@/components/upcoming-appointments-choice";
import { errorMessage, statusOf } from "@/lib/http";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { notify } from "@/lib/toast";
import { useDeleteConsultant } from "../api/delete-consultant";
import { useConsultant } from "../api/get-consultant";
import { useDeletionImpact } from "../api/get-deletion-impact";
import { ConsultantLogo } from "../components/consultant-logo";
import { ConsultantPageHeader } from "../components/consultant-page-header";

/**
 * /delete-user/{guidId} (its contents are not in the spec): shows which consultant will be deleted and asks
 * to confirm. Booked upcoming appointments are named, and their fate is an explicit choice: cancel them
 * with a reason the customers are mailed, or keep them flagged "consultant removed".
 */
export { prefetchConsultant as prefetch } from "../api/get-consultant";

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
  usePageTitle("Delete consultant", consultant.data?.name);
  const impact = useDeletionImpact(guidId);
  const deletion = useDeleteConsultant();
  const upcomingChoice = useUpcomingChoice("consultant");

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
        <Button component={Link} to={paths.consultants.list} variant="default">
          Back to Consultants
        </Button>
      </Stack>
    );
  }

  const upcoming = impact.data.upcomingAppointments;
  const remove = () => {
    const decision = upcomingChoice.decision(upcoming);
    if (!decision) return;
    deletion.mutate(
      { guidId, ...decision },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          navigate(paths.consultants.list);
        },
        onError: (error) => {
          const status = statusOf(error);
          // Someone booked an appointment meanwhile: show the new count and ask again.
          if (status === 409) {
            upcomingChoice.setChoice(null);
            void impact.refetch();
            notify.error(errorMessage(error));
          } else if (status === 400) {
            upcomingChoice.setReasonError(errorMessage(error));
          } else {
            notify.error(consultantMessages.deleteFailed);
          }
        },
      },
    );
  };

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
          The consultant will no longer appear in lists or dashboard counts. {deletionTexts.restoreNote}
        </Text>
        <UpcomingAppointmentsChoice upcoming={upcoming} state={upcomingChoice} />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => navigate(paths.consultants.list)}
            disabled={deletion.isPending}
          >
            Cancel
          </Button>
          <Button
            color="red.9"
            onClick={remove}
            disabled={upcomingChoice.needsChoice(upcoming) || deletion.isPending}
            loading={deletion.isPending}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
