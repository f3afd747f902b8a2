// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Breadcrumbs.css";
import { Anchor, Breadcrumbs, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { UserDetail } from "@visadesk/contract/users";
import { internalUserMessages as messages, userListMessages } from "@visadesk/contract/users-constants";
import type { ReactNode } from "react";
import { Link, Navigate, useParams } from "react-router";
import { orNA } from "@/components/data-list";
import { Detail, DetailGrid } from "@/components/details-list";
import { LoadErrorState } from "@/components/list-table";
import { LoadingState } from "@/components/loading-state";
import { RecordTabs } from "@/components/record-tabs";
import { SecureImage } from "@/components/secure-image";
import { UserAvatar } from "@/components/user-avatar";
import { useAuth } from "@/lib/auth";
import { formatInstant } from "@/lib/date-time";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { useInternalUser } from "../api/get-internal-user";
import { AccountActions } from "../components/account-actions";
import { AccountBadges, RegistrationState } from "../components/internal-user-badges";

type Params = { guidId: string };

const fullName = (user: UserDetail) => [user.firstName, user.lastName].filter(Boolean).join(" ");

/**
 * /internal-users/{guidId}: an internal account, read-only like its list. An Admin sees its sign-in state and
 * acts on it (the list's actions), and reads its history; Staff read the details (the history of another
 * internal account is an Admin's).
 */
export default function InternalUserPage() {
  const { guidId = "" } = useParams<Params>();
  const account = useInternalUser(guidId);
  const { user: signedIn } = useAuth();
  const name = account.data ? fullName(account.data) || account.data.userName : undefined;
  usePageTitle("Internal user", name);

  let body: ReactNode;
  if (account.isPending) body = <LoadingState text={messages.loading} />;
  else if (account.isError) {
    body = (
      <LoadErrorState texts={{ title: messages.loadFailed, toast: messages.loadFailed }} query={account} />
    );
  } else if (account.data.userRoles.roles.includes("AppUser")) {
    // An app user's id (an old link): their own page is the app user form.
    return <Navigate to={paths.appUsers.edit(account.data.guidId)} replace />;
  } else {
    const isAdmin = Boolean(signedIn?.roles?.includes("Admin"));
    const isSelf = signedIn?.guidId === account.data.guidId;
    const details = <AccountDetails user={account.data} isAdmin={isAdmin} isSelf={isSelf} />;
    body =
      isAdmin || isSelf ? (
        <RecordTabs entity="user" entityId={account.data.guidId}>
          {details}
        </RecordTabs>
      ) : (
        details
      );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{messages.title}</Title>
        <Breadcrumbs>
          <Anchor component={Link} to={paths.internalUsers.list} c="var(--mantine-color-anchor)">
            {userListMessages.internalUsers.label}
          </Anchor>
          <Text>{name ?? messages.title}</Text>
        </Breadcrumbs>
      </Stack>
      {body}
    </Stack>
  );
}

function AccountDetails({ user, isAdmin, isSelf }: { user: UserDetail; isAdmin: boolean; isSelf: boolean }) {
  const name = fullName(user);
  const controllable = isAdmin && !isSelf && (user.status === "active" || user.status === "suspended");
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <UserAvatar profilePic={user.profilePic} name={name || user.userName} size="xl" />
            <Stack gap={4}>
              <Text fw={600} size="lg">
                {orNA(name)}
              </Text>
              <Text c="dimmed">@{user.userName}</Text>
              <AccountBadges user={user} />
              <RegistrationState user={user} canDecide={isAdmin} />
            </Stack>
          </Group>
          {controllable ? <AccountActions user={user} /> : null}
        </Group>
        <DetailGrid>
          <Detail term="Email">{user.email}</Detail>
          <Detail term="Role">{user.userRoles.roles.join(", ")}</Detail>
          <Detail term="Phone">{orNA(user.phoneNumber)}</Detail>
          <Detail term="CNIC">{orNA(user.cnic)}</Detail>
          <Detail term="Date of Birth">{orNA(user.dateOfBirth?.slice(0, 10))}</Detail>
          <Detail term="Address">{orNA(user.address)}</Detail>
          <Detail term="Registered">{formatInstant(user.createdAt)}</Detail>
          {user.signIn ? (
            <Detail term={messages.twoFactor}>
              {user.signIn.twoFactor ? messages.twoFactorOn : messages.twoFactorOff}
            </Detail>
          ) : null}
        </DetailGrid>
        {user.cnicFront || user.cnicBack ? (
          <Stack gap="xs">
            <Text fw={500}>{messages.cnicImages}</Text>
            <Group gap="md">
              {user.cnicFront ? (
                <SecureImage path={user.cnicFront} alt={messages.cnicFront} w={240} radius="sm" />
              ) : null}
              {user.cnicBack ? (
                <SecureImage path={user.cnicBack} alt={messages.cnicBack} w={240} radius="sm" />
              ) : null}
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
