import { Alert, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { accountMessages, mfaMessages } from "@visadesk/contract/account-constants";
import { useId } from "react";
import { useNavigate } from "react-router";
import { LoadErrorState } from "@/components/list-table";
import { useAuth } from "@/lib/auth";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { prefetchForScreen } from "@/lib/screen-data";
import { session } from "@/lib/session";
import { myAccountQueryOptions, mySessionsQueryOptions, useMyAccount } from "../api/account";
import { mfaStatusQueryOptions } from "../api/mfa";
import { PasswordSection } from "../components/password-section";
import { ProfileSection } from "../components/profile-section";
import { ReauthenticateDialog } from "../components/reauthenticate-dialog";
import { SessionsSection } from "../components/sessions-section";
import { TwoFactorSection } from "../components/two-factor-section";

/**
 * Which sections show: with a one-time password, only the password section; while REQUIRE_MFA waits for a
 * second factor, only the two-factor section.
 */
function sectionsFor(passwordChangeRequired: boolean, mfaEnrolmentRequired: boolean) {
  const mustChange = passwordChangeRequired;
  const mustEnrol = !mustChange && mfaEnrolmentRequired;
  return {
    mustChange,
    mustEnrol,
    profile: !mustChange && !mustEnrol,
    password: !mustEnrol,
    twoFactor: !mustChange,
    sessions: !mustChange && !mustEnrol,
  };
}

/** The sections' requests, as far as the stored user tells which sections show (the account decides). */
export function prefetch() {
  prefetchForScreen(myAccountQueryOptions());
  let user: ReturnType<typeof session.getUser> = null;
  try {
    user = session.getUser();
  } catch {
    return;
  }
  const shown = sectionsFor(user?.passwordChangeRequired === true, user?.mfaEnrolmentRequired === true);
  if (shown.twoFactor) prefetchForScreen(mfaStatusQueryOptions());
  if (shown.sessions) prefetchForScreen(mySessionsQueryOptions());
}

/** My account: profile, password, two-factor sign-in and sessions (as `sectionsFor` allows). */
export default function SettingsPage() {
  usePageTitle("My account");
  const idPrefix = useId();
  const account = useMyAccount();
  const { user, updateUser } = useAuth();
  const navigate = useNavigate();
  const shown = sectionsFor(
    account.data?.passwordChangeRequired ?? false,
    user?.mfaEnrolmentRequired === true,
  );
  const { mustChange, mustEnrol } = shown;
  const enrolled = () => {
    if (!mustEnrol) return;
    updateUser({ mfaEnrolmentRequired: false });
    navigate(paths.consultants.list, { replace: true });
  };

  const passwordChanged = () => {
    if (!mustChange) return;
    updateUser({ passwordChangeRequired: false });
    navigate(paths.consultants.list, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Title order={2}>My account</Title>
      {account.isPending ? <Loader size="sm" aria-label="Loading your account" /> : null}
      {account.isError ? (
        <LoadErrorState texts={{ title: "Your account could not be loaded" }} query={account} />
      ) : null}
      {mustChange ? (
        <Alert color="yellow.3" c="dark.8" role="status">
          {accountMessages.passwordChangeRequired}
        </Alert>
      ) : null}
      {mustEnrol ? (
        <Alert color="yellow.3" c="dark.8" role="status">
          {mfaMessages.enrolmentRequired}
        </Alert>
      ) : null}
      {account.data && shown.profile ? (
        <Paper withBorder p="lg" component="section" aria-labelledby={`${idPrefix}-profile-heading`}>
          <Title order={3} id={`${idPrefix}-profile-heading`} size="h4" mb="md">
            Profile
          </Title>
          <ProfileSection account={account.data} />
        </Paper>
      ) : null}
      {account.data && shown.password ? (
        <Paper withBorder p="lg" component="section" aria-labelledby={`${idPrefix}-password-heading`}>
          <Title order={3} id={`${idPrefix}-password-heading`} size="h4" mb="xs">
            Password
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Changing it signs you out of every other session.
          </Text>
          <PasswordSection onChanged={passwordChanged} />
        </Paper>
      ) : null}
      {account.data && shown.twoFactor ? (
        <Paper withBorder p="lg" component="section" aria-labelledby={`${idPrefix}-two-factor-heading`}>
          <Title order={3} id={`${idPrefix}-two-factor-heading`} size="h4" mb="xs">
            Two-factor sign-in
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            After your password, sign-in asks for a code from your authenticator app or a passkey.
          </Text>
          <TwoFactorSection onEnrolled={enrolled} />
          <ReauthenticateDialog />
        </Paper>
      ) : null}
      {account.data && shown.sessions ? (
        <Paper withBorder p="lg" component="section" aria-labelledby={`${idPrefix}-sessions-heading`}>
          <Title order={3} id={`${idPrefix}-sessions-heading`} size="h4" mb="md">
            Sessions
          </Title>
          <SessionsSection />
        </Paper>
      ) : null}
    </Stack>
  );
}
