import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconFingerprint } from "@tabler/icons-react";
import type { LoginResponse } from "@visadesk/contract/auth";
import { secondFactorMessages } from "@visadesk/contract/auth-constants";
import type { MfaRequired } from "@visadesk/contract/mfa";
import { useState } from "react";
import { Link, type Location, useLocation, useNavigate } from "react-router";
import { useAuth } from "@/lib/auth";
import { errorMessage } from "@/lib/http";
import { PRODUCT_NAME, usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { isPublicPath } from "@/lib/public-paths";
import { useVerifyLogin } from "../api/verify-login";
import { browserHasPasskeys, usePasskeySignIn } from "../api/verify-mfa";
import { AuthCard } from "../components/auth-card";
import { FailureAlert } from "../components/failure-alert";
import { SecondFactorForm } from "../components/second-factor-form";
import { useLoginForm } from "../components/use-login-form";

/** Where to go after signing in: the page the guard turned the visitor away from, else /users. */
function destination(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === paths.root || isPublicPath(from.pathname))
    return paths.consultants.list;
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

export default function LoginPage() {
  usePageTitle("Sign in");
  const { login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const verify = useVerifyLogin();
  const passkey = usePasskeySignIn();
  const [secondStep, setSecondStep] = useState<MfaRequired | null>(null);
  const form = useLoginForm();
  const { errors } = form;

  const signedIn = (answer: LoginResponse) => {
    login(answer);
    navigate(destination(location.state), { replace: true });
  };

  const submit = form.handleSubmit(async ({ login: name, password }) => {
    // One box takes either: an "@" means an email, anything else a username.
    const body = name.includes("@") ? { email: name, password } : { userName: name, password };
    try {
      const answer = await verify.mutateAsync(body);
      if ("mfaRequired" in answer) {
        passkey.reset();
        setSecondStep(answer);
        return;
      }
      signedIn(answer);
    } catch {
      form.setValue("password", "");
      form.setFocus("password");
    }
  });

  if (secondStep) {
    return (
      <AuthCard title="Two-factor sign-in" subtitle="Confirm it is you with your second factor.">
        <SecondFactorForm
          step={secondStep}
          onSignedIn={signedIn}
          onBack={() => {
            setSecondStep(null);
            verify.reset();
          }}
        />
      </AuthCard>
    );
  }

  const passkeyFailed = passkey.error && !(passkey.error as { response?: unknown }).response;
  return (
    <AuthCard
      title="Sign in"
      subtitle={`Sign in to the ${PRODUCT_NAME} back-office.`}
      footer={
        <>
          New staff member?{" "}
          <Anchor component={Link} to={paths.register} c="var(--mantine-color-anchor)" underline="always">
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="md">
          {passkey.isError ? (
            <FailureAlert title="Sign-in failed">
              {passkeyFailed ? secondFactorMessages.passkeyFailed : errorMessage(passkey.error)}
            </FailureAlert>
          ) : null}
          {verify.isError ? (
            <FailureAlert title="Sign-in failed">{errorMessage(verify.error)}</FailureAlert>
          ) : null}
          <TextInput
            label="Email or username"
            autoComplete="username"
            autoFocus
            withAsterisk
            error={errors.login}
            {...form.register("login")}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            error={errors.password}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ "aria-label": "Show or hide password" }}
            {...form.register("password")}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm" c="var(--mantine-color-anchor)">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={verify.isPending}>
            Sign in
          </Button>
          {browserHasPasskeys() && (
            <>
              <Divider label="or" labelPosition="center" />
              <Button
                variant="default"
                fullWidth
                leftSection={<IconFingerprint size={18} aria-hidden />}
                loading={passkey.isPending}
                onClick={() => {
                  verify.reset();
                  passkey.mutate(undefined, { onSuccess: signedIn });
                }}
              >
                Sign in with a passkey
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
