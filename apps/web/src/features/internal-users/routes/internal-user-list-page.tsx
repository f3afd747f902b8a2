import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import type { User } from "@visadesk/contract/users";
import { userListMessages } from "@visadesk/contract/users-constants";
import { userEndpoints } from "@visadesk/contract/users-endpoints";
import { Link, useNavigate } from "react-router";
import { AccountStatusFilter } from "@/components/account-filters";
import { CardLine, DataList, orNA } from "@/components/data-list";
import { ExportButton } from "@/components/export-button";
import { ChoiceFilter, FilterBar } from "@/components/list-filters";
import type { ListColumn } from "@/components/list-table";
import { RecordLink } from "@/components/record-link";
import { UserAvatar } from "@/components/user-avatar";
import { useAuth } from "@/lib/auth";
import type { ScreenAddress } from "@/lib/feature";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { prefetchForScreen } from "@/lib/screen-data";
import { readListAddress, storedPageSize, useListParams } from "@/lib/use-list-params";
import {
  INTERNAL_USER_FILTERS,
  internalUserListParamsOf,
  internalUserListQuery,
  internalUsersQueryOptions,
  useInternalUsers,
} from "../api/get-internal-users";
import { AccountActions } from "../components/account-actions";
import { AccountBadges, RegistrationState } from "../components/internal-user-badges";

const fullName = (user: User) => [user.firstName, user.lastName].filter(Boolean).join(" ");

/** The page of the list its address asks for. */
export function prefetch({ pathname, search }: ScreenAddress) {
  const list = readListAddress(search, storedPageSize(pathname), INTERNAL_USER_FILTERS);
  prefetchForScreen(internalUsersQueryOptions(internalUserListParamsOf(list)));
}

/**
 * Read-only for Staff. An Admin decides on pending registrations, re-opens rejected ones and controls the
 * other accounts: unlock sign-in (when locked), role, sign out everywhere, reset two-factor (when set up),
 * suspend and reactivate.
 */
export default function InternalUserListPage() {
  usePageTitle("Internal users");
  const params = useListParams(INTERNAL_USER_FILTERS);
  const listParams = internalUserListParamsOf(params);
  const internalUsers = useInternalUsers(listParams);
  const { user: signedIn } = useAuth();
  const navigate = useNavigate();
  const isAdmin = Boolean(signedIn?.roles?.includes("Admin"));

  /** An Admin's actions on the other active or suspended accounts (never on their own here). */
  const actions = (user: User) =>
    isAdmin &&
    (user.status === "active" || user.status === "suspended") &&
    user.guidId !== signedIn?.guidId && <AccountActions user={user} />;

  const columns: ListColumn<User>[] = [
    {
      header: "Internal User",
      cell: (user) => (
        <Group gap="sm" wrap="nowrap">
          <UserAvatar profilePic={user.profilePic} name={fullName(user) || user.userName} size="md" />
          <Stack gap={4}>
            <RecordLink to={paths.internalUsers.view(user.guidId)}>{user.userName}</RecordLink>
            <AccountBadges user={user} />
            <RegistrationState user={user} canDecide={isAdmin} />
          </Stack>
          {actions(user)}
        </Group>
      ),
      sortField: "userName",
    },
    { header: "Email", cell: (user) => user.email, sortField: "email" },
    { header: "Full Name", cell: (user) => orNA(fullName(user)), sortField: "fullName" },
    { header: "Phone", cell: (user) => orNA(user.phoneNumber), sortField: "phoneNumber" },
    { header: "CNIC", cell: (user) => orNA(user.cnic), sortField: "cnic" },
  ];

  return (
    <Stack gap="lg">
      <Title order={2}>Internal Users</Title>
      <DataList
        texts={userListMessages.internalUsers}
        params={params}
        query={internalUsers}
        columns={columns}
        rowKey={(user) => user.guidId}
        onOpenRow={(user) => navigate(paths.internalUsers.view(user.guidId))}
        filters={
          <FilterBar filtered={params.filtered} onClear={params.clearFilters}>
            <AccountStatusFilter
              value={params.filters.status}
              onChange={(status) => params.setFilters({ status })}
            />
            <ChoiceFilter
              label="Role"
              anyLabel="Admin and Staff"
              options={["Admin", "Staff"]}
              value={params.filters.role}
              onChange={(role) => params.setFilters({ role })}
            />
          </FilterBar>
        }
        tools={
          <ExportButton
            endpoint={userEndpoints.export}
            query={internalUserListQuery(listParams)}
            total={internalUsers.data?.total}
            totalIsEstimate={internalUsers.data?.totalIsEstimate}
          />
        }
        renderCard={(user) => (
          <Stack gap={4}>
            <Group gap="sm" wrap="nowrap" mb="xs">
              <UserAvatar profilePic={user.profilePic} name={fullName(user) || user.userName} size="lg" />
              <Stack gap={0}>
                <Anchor
                  component={Link}
                  to={paths.internalUsers.view(user.guidId)}
                  fw={600}
                  c="var(--mantine-color-text)"
                >
                  {orNA(fullName(user))}
                </Anchor>
                <Text size="sm" c="dimmed">
                  @{user.userName}
                </Text>
              </Stack>
              {actions(user)}
            </Group>
            <Text size="sm">{user.email}</Text>
            <CardLine label="Phone" value={user.phoneNumber} />
            <CardLine label="CNIC" value={user.cnic} />
            <AccountBadges user={user} />
            <RegistrationState user={user} canDecide={isAdmin} />
          </Stack>
        )}
      />
    </Stack>
  );
}
