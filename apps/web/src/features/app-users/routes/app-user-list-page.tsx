import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { deletedFilterMessages } from "@visadesk/contract/common-constants";
import type { User } from "@visadesk/contract/users";
import { appUserMessages, userListMessages } from "@visadesk/contract/users-constants";
import { userEndpoints } from "@visadesk/contract/users-endpoints";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { AccountStatusFilter, CnicVerificationFilter } from "@/components/account-filters";
import { CardLine, DataList, orNA } from "@/components/data-list";
import {
  asksForDeleted,
  DeletedFilter,
  deletedAtText,
  RestoreButton,
  useDeletedFilter,
} from "@/components/deleted-filter";
import { ExportButton } from "@/components/export-button";
import { FilterBar } from "@/components/list-filters";
import type { ListColumn } from "@/components/list-table";
import { LongText } from "@/components/long-text";
import { RecordLink } from "@/components/record-link";
import { UserAvatar } from "@/components/user-avatar";
import { useAuth } from "@/lib/auth";
import type { ScreenAddress } from "@/lib/feature";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { prefetchForScreen } from "@/lib/screen-data";
import { notify } from "@/lib/toast";
import { readListAddress, storedPageSize, useListParams } from "@/lib/use-list-params";
import {
  APP_USER_FILTERS,
  appUserListParamsOf,
  appUserListQuery,
  appUsersQueryOptions,
  useAppUsers,
} from "../api/get-app-users";
import { useRestoreAppUser } from "../api/restore-app-user";
import { AppUserActionMenu, AppUserCardButtons } from "../components/app-user-actions";
import { DeleteAppUserDialog } from "../components/delete-app-user-dialog";

const fullName = (user: User) => [user.firstName, user.lastName].filter(Boolean).join(" ");

/** The page of the list its address asks for (the deleted ones wait for the page, which knows the role). */
export function prefetch({ pathname, search }: ScreenAddress) {
  if (asksForDeleted(search)) return;
  const list = readListAddress(search, storedPageSize(pathname), APP_USER_FILTERS);
  prefetchForScreen(appUsersQueryOptions(appUserListParamsOf(list, false)));
}

export default function AppUserListPage() {
  usePageTitle("App users");
  const params = useListParams(APP_USER_FILTERS);
  const { user: signedIn } = useAuth();
  const isAdmin = Boolean(signedIn?.roles?.includes("Admin"));
  const [showDeleted, setShowDeleted] = useDeletedFilter();
  const deleted = isAdmin && showDeleted;
  const listParams = appUserListParamsOf(params, deleted);
  const appUsers = useAppUsers(listParams);
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<User | null>(null);

  const edit = (user: User) => {
    if (!user.guidId) return notify.error(appUserMessages.idUndefined);
    navigate(paths.appUsers.edit(user.guidId));
  };
  const actions = { onEdit: edit, onDelete: setToDelete };

  /** Avatar and username; the name links to the app user's page (a deleted one has none: plain text). */
  const nameCell = (user: User, linked: boolean) => (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar profilePic={user.profilePic} name={fullName(user) || user.userName} size="md" />
      {linked ? (
        <RecordLink to={paths.appUsers.edit(user.guidId)}>{user.userName}</RecordLink>
      ) : (
        <LongText fw={500}>{user.userName}</LongText>
      )}
    </Group>
  );
  const columns: ListColumn<User>[] = [
    { header: "App User", cell: (user) => nameCell(user, true), sortField: "userName" },
    { header: "Email", cell: (user) => user.email, sortField: "email" },
    { header: "Full Name", cell: (user) => orNA(fullName(user)), sortField: "fullName" },
    { header: "Phone", cell: (user) => orNA(user.phoneNumber), sortField: "phoneNumber" },
    { header: "CNIC", cell: (user) => orNA(user.cnic), sortField: "cnic" },
    { header: "Action", cell: (user) => <AppUserActionMenu user={user} {...actions} />, pinned: true },
  ];
  const deletedColumns: ListColumn<User>[] = [
    { header: "App User", cell: (user) => nameCell(user, false) },
    { header: "Email", cell: (user) => user.email },
    { header: "Full Name", cell: (user) => orNA(fullName(user)) },
    { header: deletedFilterMessages.deletedAt, cell: (user) => deletedAtText(user.deletedAt) },
    { header: "Action", cell: (user) => <RestoreAppUserButton user={user} />, pinned: true },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>App Users</Title>
        {/* The button exists but is hidden. */}
        <Button component={Link} to={paths.appUsers.add} hidden display="none">
          + Add App User
        </Button>
        {isAdmin && <DeletedFilter deleted={deleted} onChange={setShowDeleted} />}
      </Group>
      {deleted ? (
        <DataList
          key="deleted"
          texts={{
            ...userListMessages.appUsers,
            label: "Deleted app users",
            empty: deletedFilterMessages.emptyDeleted,
          }}
          params={params}
          query={appUsers}
          columns={deletedColumns}
          rowKey={(user) => user.guidId}
          renderCard={(user) => <DeletedAppUserCard user={user} />}
        />
      ) : (
        <DataList
          key="active"
          texts={userListMessages.appUsers}
          params={params}
          query={appUsers}
          columns={columns}
          rowKey={(user) => user.guidId}
          onOpenRow={edit}
          renderCard={(user) => <AppUserCard user={user} {...actions} />}
          filters={
            <FilterBar filtered={params.filtered} onClear={params.clearFilters}>
              <AccountStatusFilter
                value={params.filters.status}
                onChange={(status) => params.setFilters({ status })}
              />
              <CnicVerificationFilter
                value={params.filters.verification}
                onChange={(verification) => params.setFilters({ verification })}
              />
            </FilterBar>
          }
          tools={
            <ExportButton
              endpoint={userEndpoints.export}
              query={appUserListQuery(listParams)}
              total={appUsers.data?.total}
              totalIsEstimate={appUsers.data?.totalIsEstimate}
            />
          }
        />
      )}
      <DeleteAppUserDialog user={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}

/** A card's picture, name and email, the same on the active and the deleted list. */
function AppUserCardHeading({ user, name }: { user: User; name: string }) {
  return (
    <Group gap="sm" wrap="nowrap" mb="xs">
      <UserAvatar profilePic={user.profilePic} name={name} size="lg" />
      <Stack gap={0}>
        <Text fw={600}>{name}</Text>
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
      </Stack>
    </Group>
  );
}

function AppUserCard(props: { user: User; onEdit: (user: User) => void; onDelete: (user: User) => void }) {
  const { user } = props;
  const name = fullName(user) || user.userName;
  return (
    <Stack gap={4}>
      <AppUserCardHeading user={user} name={name} />
      <CardLine label="Phone" value={user.phoneNumber} />
      <CardLine label="DOB" value={user.dateOfBirth} />
      <CardLine label="CNIC" value={user.cnic} />
      <CardLine label="Address" value={user.address} />
      <AppUserCardButtons {...props} />
    </Stack>
  );
}

/** Restores the app user; a username, email or CNIC taken meanwhile is named in the error toast. */
function RestoreAppUserButton({ user }: { user: User }) {
  return (
    <RestoreButton
      guidId={user.guidId}
      name={user.userName}
      restoration={useRestoreAppUser()}
      failure={appUserMessages.restoreFailed}
    />
  );
}

function DeletedAppUserCard({ user }: { user: User }) {
  const name = fullName(user) || user.userName;
  return (
    <Stack gap={4}>
      <AppUserCardHeading user={user} name={name} />
      <CardLine label={deletedFilterMessages.deletedAt} value={deletedAtText(user.deletedAt)} />
      <Group justify="flex-end">
        <RestoreAppUserButton user={user} />
      </Group>
    </Stack>
  );
}
