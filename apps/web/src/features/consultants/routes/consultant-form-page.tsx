import { Center, Loader, Stack, Text } from "@mantine/core";
import { consultantMessages } from "@visadesk/contract/consultants-constants";
import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { notify } from "../../../lib/toast";
import { useCreateConsultant } from "../api/create-consultant";
import { useConsultant } from "../api/get-consultant";
import { useUpdateConsultant } from "../api/update-consultant";
import { ConsultantForm } from "../components/consultant-form";
import { ConsultantPageHeader } from "../components/consultant-page-header";
import { saveErrorMessage } from "../save-error-message";

/** /add-user and /edit-user/{guidId}: one page, the mode decided by the route parameter. */
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
              navigate("/users");
            },
            onError: (error) => notify.error(saveErrorMessage(error, consultantMessages.addFailed)),
          },
        )
      }
    />
  );
}

function EditConsultant({ guidId }: { guidId: string }) {
  const navigate = useNavigate();
  const consultant = useConsultant(guidId);
  const update = useUpdateConsultant();
  useEffect(() => {
    if (consultant.isError) notify.error(consultantMessages.loadFailed);
  }, [consultant.isError]);

  if (consultant.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading consultant">
        <Loader />
      </Center>
    );
  }
  if (consultant.isError) return <Text c="dimmed">{consultantMessages.loadFailed}</Text>;
  return (
    <ConsultantForm
      key={consultant.data.guidId}
      consultant={consultant.data}
      isSaving={update.isPending}
      onSubmit={(fields, images) =>
        update.mutateAsync(
          { guidId, fields, images },
          {
            onSuccess: () => {
              notify.success(consultantMessages.updated);
              navigate("/users");
            },
            onError: (error) => notify.error(saveErrorMessage(error, consultantMessages.updateFailed)),
          },
        )
      }
    />
  );
}
