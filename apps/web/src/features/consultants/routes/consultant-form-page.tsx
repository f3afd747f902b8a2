import { Center, Loader, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { TimeZoneChange } from "@visadesk/contract/consultants";
import { consultantMessages, timeZoneChangeMessages } from "@visadesk/contract/consultants-constants";
import { usesDefaultHours } from "@visadesk/contract/scheduling-constants";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { DefaultHoursNotice } from "@/components/default-hours-notice";
import { LoadErrorState } from "@/components/list-table";
import { NoShowCount } from "@/components/no-show-count";
import { RecordTabs } from "@/components/record-tabs";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { isStaleVersion } from "@/lib/record-version";
import { notify } from "@/lib/toast";
import { useCreateConsultant } from "../api/create-consultant";
import { consultantQueryOptions, useConsultant } from "../api/get-consultant";
import { getTimeZoneChange } from "../api/get-time-zone-change";
import { useUpdateConsultant } from "../api/update-consultant";
import { ConsultantForm } from "../components/consultant-form";
import { ConsultantPageHeader } from "../components/consultant-page-header";
import { TimeZoneChangeDialog } from "../components/time-zone-change-dialog";
import { saveErrorMessage } from "../save-error-message";

/** /add-user and /edit-user/{guidId}: one page, the mode decided by the route parameter. */
export { prefetchConsultant as prefetch } from "../api/get-consultant";

export default function ConsultantFormPage() {
  const { guidId } = useParams();
  const title = guidId ? "Edit Consultant" : "Add Consultant";
  return (
    <Stack gap="lg">
      <ConsultantPageHeader title={title} />
      {guidId ? <EditConsultant guidId={guidId} /> : <AddConsultant />}
    </Stack>
  );
}

function AddConsultant() {
  usePageTitle("Add consultant");
  const navigate = useNavigate();
  const creation = useCreateConsultant();
  return (
    <ConsultantForm
      isSaving={creation.isPending}
      onSubmit={(fields, images) =>
        creation.mutateAsync(
          { fields, images },
          {
            onSuccess: () => {
              notify.success(consultantMessages.added);
              // The saved form is done with: Back from the list must not return to it.
              navigate(paths.consultants.list, { replace: true });
            },
            onError: (error) => notify.failure(saveErrorMessage(error, consultantMessages.addFailed), error),
          },
        )
      }
    />
  );
}

function EditConsultant({ guidId }: { guidId: string }) {
  const navigate = useNavigate();
  // The form renders in slices once the record arrives (a long form would hold the page in one task).
  const consultant = useConsultant(guidId);
  usePageTitle("Edit consultant", consultant.data?.name);
  const update = useUpdateConsultant();
  const queryClient = useQueryClient();
  const [zoneChange, setZoneChange] = useState<{
    change: TimeZoneChange;
    decide: (confirmed: boolean) => void;
  } | null>(null);
  if (consultant.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading consultant">
        <Loader />
      </Center>
    );
  }
  if (consultant.isError) {
    const texts = { title: consultantMessages.loadFailed, toast: consultantMessages.loadFailed };
    return <LoadErrorState texts={texts} query={consultant} />;
  }

  /**
   * Another time zone shows the upcoming appointments at other local times: the person sees which, old and
   * new, and confirms before the save. False when they did not.
   */
  const confirmTimeZone = async (timeZone: string | undefined) => {
    if (!timeZone || timeZone === consultant.data.timeZone) return true;
    let change: TimeZoneChange;
    try {
      change = await getTimeZoneChange(guidId, timeZone);
    } catch (error) {
      notify.failure(timeZoneChangeMessages.previewFailed, error);
      return false;
    }
    if (change.appointments.length === 0) return true;
    const confirmed = await new Promise<boolean>((decide) => setZoneChange({ change, decide }));
    setZoneChange(null);
    return confirmed;
  };

  return (
    <RecordTabs entity="consultant" entityId={consultant.data.guidId}>
      <Stack gap="md">
        <NoShowCount count={consultant.data.noShowCount} />
        {usesDefaultHours(consultant.data.timings) ? <DefaultHoursNotice /> : null}
        <ConsultantForm
          key={consultant.data.guidId}
          consultant={consultant.data}
          isSaving={update.isPending}
          fetchLatest={() => queryClient.fetchQuery({ ...consultantQueryOptions(guidId), staleTime: 0 })}
          onSubmit={async (fields, images, version) => {
            if (!(await confirmTimeZone(fields.timeZone))) return;
            return update.mutateAsync(
              { guidId, fields, images, version: version ?? consultant.data.version },
              {
                onSuccess: () => {
                  notify.success(consultantMessages.updated);
                  // The appointments show at their new local times.
                  void queryClient.invalidateQueries({ queryKey: ["appointments"] });
                  // The saved form is done with: Back from the list must not return to it.
                  navigate(paths.consultants.list, { replace: true });
                },
                onError: (error) => {
                  // The form shows a stale save in its own alert, with what changed and a Reload.
                  if (!isStaleVersion(error))
                    notify.failure(saveErrorMessage(error, consultantMessages.updateFailed), error);
                },
              },
            );
          }}
        />
        <TimeZoneChangeDialog
          change={zoneChange?.change ?? null}
          onConfirm={() => zoneChange?.decide(true)}
          onCancel={() => zoneChange?.decide(false)}
        />
      </Stack>
    </RecordTabs>
  );
}
