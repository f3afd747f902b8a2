// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Breadcrumbs.css";
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { appUserMessages } from "@visadesk/contract/users-constants";
import { Link, useNavigate, useParams } from "react-router";
import { LoadErrorState } from "@/components/list-table";
import { LoadingState } from "@/components/loading-state";
import { NoShowCount } from "@/components/no-show-count";
import { RecordTabs } from "@/components/record-tabs";
import type { ScreenAddress } from "@/lib/feature";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { isStaleVersion } from "@/lib/record-version";
import { prefetchForScreen } from "@/lib/screen-data";
import { notify } from "@/lib/toast";
import { useCreateAppUser } from "../api/create-app-user";
import { appUserQueryOptions, useAppUser } from "../api/get-app-user";
import { useUpdateAppUser } from "../api/update-app-user";
import { AppUserForm } from "../components/app-user-form";
import { CustomerAccountPanel } from "../components/customer-account-panel";
import { SendPasswordResetButton } from "../components/send-password-reset-button";

/** /add-app-user and /edit-app-user/{guidId}: one page, the mode decided by the route parameter. */
/** Editing: the record. */
export function prefetch({ params }: ScreenAddress) {
  if (params.guidId) prefetchForScreen(appUserQueryOptions(params.guidId));
}

export default function AppUserFormPage() {
  const { guidId } = useParams();
  const isEdit = guidId !== undefined;
  const title = isEdit ? "Edit App User" : "Add App User";
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{title}</Title>
        <Breadcrumbs>
          <Anchor component={Link} to={paths.appUsers.list} c="var(--mantine-color-anchor)">
            App Users
          </Anchor>
          <Text>{title}</Text>
        </Breadcrumbs>
      </Stack>
      {isEdit ? <EditAppUser guidId={guidId} /> : <AddAppUser />}
    </Stack>
  );
}

function AddAppUser() {
  usePageTitle("Add app user");
  const navigate = useNavigate();
  const creation = useCreateAppUser();
  return (
    <AppUserForm
      isSaving={creation.isPending}
      onSubmit={(form, images) =>
        creation.mutateAsync(
          { form, images },
          {
            onSuccess: () => {
              notify.success(appUserMessages.added);
              // The saved form is done with: Back from the list must not return to it.
              navigate(paths.appUsers.list, { replace: true });
            },
            onError: (error) => notify.failure(appUserMessages.addFailed, error),
          },
        )
      }
    />
  );
}

function EditAppUser({ guidId }: { guidId: string }) {
  const navigate = useNavigate();
  // The form renders in slices once the record arrives (a long form would hold the page in one task).
  const appUser = useAppUser(guidId);
  const fullName = [appUser.data?.firstName, appUser.data?.lastName].filter(Boolean).join(" ");
  usePageTitle("Edit app user", fullName || appUser.data?.userName);
  const update = useUpdateAppUser();
  const queryClient = useQueryClient();
  if (appUser.isPending) {
    return <LoadingState text="Loading App User Data..." />;
  }
  if (appUser.isError) {
    const texts = { title: appUserMessages.loadFailed, toast: appUserMessages.loadFailed };
    return <LoadErrorState texts={texts} query={appUser} />;
  }
  return (
    <RecordTabs entity="user" entityId={appUser.data.guidId}>
      <Stack gap="md">
        <Group justify="space-between">
          <NoShowCount count={appUser.data.noShowCount} />
          <SendPasswordResetButton guidId={appUser.data.guidId} />
        </Group>
        <CustomerAccountPanel user={appUser.data} />
        <AppUserForm
          key={appUser.data.guidId}
          user={appUser.data}
          isSaving={update.isPending}
          fetchLatest={() => queryClient.fetchQuery({ ...appUserQueryOptions(guidId), staleTime: 0 })}
          onSubmit={(form, images, version) =>
            update.mutateAsync(
              { guidId, form, images, version: version ?? appUser.data.version },
              {
                onSuccess: () => {
                  notify.success(appUserMessages.updated);
                  // The saved form is done with: Back from the list must not return to it.
                  navigate(paths.appUsers.list, { replace: true });
                },
                // The form shows a stale save in its own alert, with what changed and a Reload.
                onError: (error) => {
                  if (!isStaleVersion(error)) notify.failure(appUserMessages.updateFailed, error);
                },
              },
            )
          }
        />
      </Stack>
    </RecordTabs>
  );
}
