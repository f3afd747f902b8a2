import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { accountMessages } from "@visadesk/contract/account-constants";
import { useNavigate } from "react-router";
import { useAuth } from "../../../lib/auth";
import { errorMessage } from "../../../lib/http";
import { useMyAccount } from "../api/account";
import { PasswordSection } from "../components/password-section";
import { ProfileSection } from "../components/profile-section";
import { SessionsSection } from "../components/sessions-section";

/** My account: profile, password and sessions. With a one-time password, only the password section. */
export default function SettingsPage() {
  const account = useMyAccount();
  const { updateUser } = useAuth();
  const navigate = useNavigate();
  const mustChange = account.data?.passwordChangeRequired ?? false;

  const passwordChanged = () => {
    if (!mustChange) return;
    updateUser({ passwordChangeRequired: false });
    navigate("/users", { replace: true });
  };

  return (
    <Stack gap="lg">
      <Title order={2}>My account</Title>
      {account.isPending && <Loader size="sm" aria-label="Loading your account" />}
      {account.isError && (
        <Alert color="red" role="alert" title="Your account could not be loaded">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(account.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void account.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {mustChange && (
        <Alert color="yellow.3" c="dark.8" role="status">
          {accountMessages.passwordChangeRequired}
        </Alert>
      )}
      {account.data && !mustChange && (
        <Paper withBorder p="lg" component="section" aria-labelledby="profile-heading">
          <Title order={3} id="profile-heading" size="h4" mb="md">
            Profile
          </Title>
          <ProfileSection account={account.data} />
        </Paper>
      )}
      {account.data && (
        <Paper withBorder p="lg" component="section" aria-labelledby="password-heading">
          <Title order={3} id="password-heading" size="h4" mb="xs">
            Password
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Changing it signs you out of every other session.
          </Text>
          <PasswordSection onChanged={passwordChanged} />
        </Paper>
      )}
      {account.data && !mustChange && (
        <Paper withBorder p="lg" component="section" aria-labelledby="sessions-heading">
          <Title order={3} id="sessions-heading" size="h4" mb="md">
            Sessions
          </Title>
          <SessionsSection />
        </Paper>
      )}
    </Stack>
  );
}
