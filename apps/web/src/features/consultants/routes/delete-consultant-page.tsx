// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Radio.css";
import { Alert, Button, Card, Center, Group, Loader, Radio, Stack, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import {
  consultantMessages,
  DELETE_REASON_MAX_LENGTH,
  type DeleteAppointmentChoice,
  consultantDeletionMessages as deletionTexts,
} from "@visadesk/contract/consultants-constants";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
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
  const [choice, setChoice] = useState<DeleteAppointmentChoice | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();

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
  const needsChoice = upcoming > 0 && choice === null;
  const remove = () => {
    const cancelling = upcoming > 0 && choice === "cancel";
    if (cancelling && !reason.trim()) {
      setReasonError(deletionTexts.reasonRequired);
      return;
    }
    deletion.mutate(
      {
        guidId,
        appointments: upcoming > 0 ? (choice ?? undefined) : undefined,
        reason: cancelling ? reason.trim() : undefined,
      },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          navigate(paths.consultants.list);
        },
        onError: (error) => {
          const status = statusOf(error);
          // Someone booked an appointment meanwhile: show the new count and ask again.
          if (status === 409) {
            setChoice(null);
            void impact.refetch();
            notify.error(errorMessage(error));
          } else if (status === 400) {
            setReasonError(errorMessage(error));
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
              <Radio.Group
                label={deletionTexts.choiceLabel}
                value={choice}
                onChange={(value) => {
                  setChoice(value as DeleteAppointmentChoice);
                  setReasonError(undefined);
                }}
              >
                <Stack gap="xs" mt="xs">
                  <Radio
                    value="cancel"
                    label={deletionTexts.cancelChoice}
                    description={deletionTexts.cancelHint}
                  />
                  <Radio value="keep" label={deletionTexts.keepChoice} description={deletionTexts.keepHint} />
                </Stack>
              </Radio.Group>
              {choice === "cancel" && (
                <Textarea
                  label={deletionTexts.reasonLabel}
                  required
                  autosize
                  minRows={2}
                  maxLength={DELETE_REASON_MAX_LENGTH}
                  value={reason}
                  onChange={(event) => {
                    setReason(event.currentTarget.value);
                    setReasonError(undefined);
                  }}
                  error={reasonError}
                />
              )}
            </Stack>
          </Alert>
        )}
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
            disabled={needsChoice || deletion.isPending}
            loading={deletion.isPending}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
