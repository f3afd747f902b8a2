import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import type { User } from "@visadesk/contract/users";
import { approvalMessages, userListTexts } from "@visadesk/contract/users-constants";
import { CardLine, DataList, type DataListColumn, orNA } from "../../../components/data-list";
import { UserAvatar } from "../../../components/user-avatar";
import { useAuth } from "../../../lib/auth";
import { useListParams } from "../../../lib/use-list-params";
import { useInternalUsers } from "../api/get-internal-users";
import { AccountActions } from "../components/account-actions";
import { RegistrationDecision } from "../components/registration-decision";

const fullName = (user: User) => [user.firstName, user.lastName].filter(Boolean).join(" ");

/**
 * Read-only for Staff (spec section 2). An Admin decides on pending registrations, and can unlock the sign-in
 * of an active account that failed attempts have locked.
 */
export default function InternalUserListPage() {
  const params = useListParams();
  const internalUsers = useInternalUsers({ page: params.page, search: params.search });
  const { user: signedIn } = useAuth();
  const isAdmin = Boolean(signedIn?.roles?.includes("Admin"));

  const pending = (user: User) =>
    user.status === "pending" && (
      <Group gap="xs" wrap="nowrap">
        <Badge color="yellow.3" c="dark.8">
          {approvalMessages.pendingBadge}
        </Badge>
        {isAdmin && <RegistrationDecision user={user} />}
      </Group>
    );

  const columns: DataListColumn<User>[] = [
    {
      header: "Internal User",
      cell: (user) => (
        <Group gap="sm" wrap="nowrap">
          <UserAvatar profilePic={user.profilePic} name={fullName(user) || user.userName} size="md" />
          <Stack gap={4}>
            <Text fw={500}>{user.userName}</Text>
            {pending(user)}
          </Stack>
          {isAdmin && user.status === "active" && <AccountActions user={user} />}
        </Group>
      ),
    },
    { header: "Email", cell: (user) => user.email },
    { header: "Full Name", cell: (user) => orNA(fullName(user)) },
    { header: "Phone", cell: (user) => orNA(user.phoneNumber) },
    { header: "CNIC", cell: (user) => orNA(user.cnic) },
  ];

  return (
    <Stack gap="lg">
      <Title order={2}>Internal Users</Title>
      <DataList
        texts={userListTexts.internalUsers}
        params={params}
        query={internalUsers}
        columns={columns}
        rowKey={(user) => user.guidId}
        renderCard={(user) => (
          <Stack gap={4}>
            <Group gap="sm" wrap="nowrap" mb="xs">
              <UserAvatar profilePic={user.profilePic} name={fullName(user) || user.userName} size="lg" />
              <Stack gap={0}>
                <Text fw={600}>{orNA(fullName(user))}</Text>
                <Text size="sm" c="dimmed">
                  @{user.userName}
                </Text>
              </Stack>
              {isAdmin && user.status === "active" && <AccountActions user={user} />}
            </Group>
            <Text size="sm">{user.email}</Text>
            <CardLine label="Phone" value={user.phoneNumber} />
            <CardLine label="CNIC" value={user.cnic} />
            {pending(user)}
          </Stack>
        )}
      />
    </Stack>
  );
}
