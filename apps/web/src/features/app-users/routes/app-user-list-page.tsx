import { Button, Group, Stack, Text, Title } from "@mantine/core";
import type { User } from "@visadesk/contract/users";
import { appUserMessages, userListTexts } from "@visadesk/contract/users-constants";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { CardLine, DataList, orNA } from "../../../components/data-list";
import type { ListColumn } from "../../../components/list-table";
import { UserAvatar } from "../../../components/user-avatar";
import { paths } from "../../../lib/paths";
import { notify } from "../../../lib/toast";
import { useListParams } from "../../../lib/use-list-params";
import { useAppUsers } from "../api/get-app-users";
import { AppUserActionMenu, AppUserCardButtons } from "../components/app-user-actions";
import { DeleteAppUserDialog } from "../components/delete-app-user-dialog";

const fullName = (user: User) => [user.firstName, user.lastName].filter(Boolean).join(" ");

export default function AppUserListPage() {
  const params = useListParams();
  const appUsers = useAppUsers({ page: params.page, search: params.search });
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<User | null>(null);

  const edit = (user: User) => {
    if (!user.guidId) return notify.error(appUserMessages.idUndefined);
    navigate(paths.appUsers.edit(user.guidId));
  };
  const actions = { onEdit: edit, onDelete: setToDelete };

  const columns: ListColumn<User>[] = [
    {
      header: "App User",
      cell: (user) => (
        <Group gap="sm" wrap="nowrap">
          <UserAvatar profilePic={user.profilePic} name={fullName(user) || user.userName} size="md" />
          <Text fw={500}>{user.userName}</Text>
        </Group>
      ),
    },
    { header: "Email", cell: (user) => user.email },
    { header: "Full Name", cell: (user) => orNA(fullName(user)) },
    { header: "Phone", cell: (user) => orNA(user.phoneNumber) },
    { header: "CNIC", cell: (user) => orNA(user.cnic) },
    { header: "Action", cell: (user) => <AppUserActionMenu user={user} {...actions} /> },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>App Users</Title>
        {/* Spec section 2: the button exists but is hidden. */}
        <Button component={Link} to={paths.appUsers.add} hidden display="none">
          + Add App User
        </Button>
      </Group>
      <DataList
        texts={userListTexts.appUsers}
        params={params}
        query={appUsers}
        columns={columns}
        rowKey={(user) => user.guidId}
        renderCard={(user) => <AppUserCard user={user} {...actions} />}
      />
      <DeleteAppUserDialog user={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}

function AppUserCard(props: { user: User; onEdit: (user: User) => void; onDelete: (user: User) => void }) {
  const { user } = props;
  const name = fullName(user) || user.userName;
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="nowrap" mb="xs">
        <UserAvatar profilePic={user.profilePic} name={name} size="lg" />
        <Stack gap={0}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
        </Stack>
      </Group>
      <CardLine label="Phone" value={user.phoneNumber} />
      <CardLine label="DOB" value={user.dateOfBirth} />
      <CardLine label="CNIC" value={user.cnic} />
      <CardLine label="Address" value={user.address} />
      <AppUserCardButtons {...props} />
    </Stack>
  );
}
