import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import type { ResetPasswordForm } from "@visadesk/contract/auth";
import { authMessages } from "@visadesk/contract/auth-constants";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { deferredZodResolver } from "@/lib/deferred-resolver";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { errorMessage, fieldErrorsOf } from "@/lib/http";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { notify } from "@/lib/toast";
import { useResetPassword } from "../api/reset-password";
import { AuthCard } from "../components/auth-card";
import { FailureAlert } from "../components/failure-alert";

// Its checks (the schema, with zod) load after the page has drawn.
const resolver = deferredZodResolver<ResetPasswordForm>(() =>
  import("@visadesk/contract/auth").then((rules) => rules.resetPasswordFormSchema),
);

export default function ResetPasswordPage() {
  usePageTitle("Choose a new password");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    resolver,
    defaultValues: { password: "", confirmPassword: "" },
    mode: "onTouched",
  });
  const { errors } = form.formState;
  // An app user's new password is for the mobile app: the back-office sign-in would refuse it.
  const [appUserDone, setAppUserDone] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const answer = await reset.mutateAsync({ token, password });
      if (answer.accountKind === "app-user") {
        setAppUserDone(answer.message);
        return;
      }
      notify.success(answer.message);
      navigate(paths.login, { replace: true });
    } catch (error) {
      applyServerFieldErrors(error, ["password"], form.setError);
    }
  });

  const requestNewLink = (
    <Anchor component={Link} to={paths.forgotPassword} c="var(--mantine-color-anchor)" underline="always">
      Request a new link
    </Anchor>
  );

  if (appUserDone) {
    return (
      <AuthCard title="Password changed">
        <Alert color="green" role="status" title="Use the mobile app">
          {appUserDone}
        </Alert>
      </AuthCard>
    );
  }

  if (!token) {
    return (
      <AuthCard title="Choose a new password" footer={requestNewLink}>
        <FailureAlert>{authMessages.resetInvalid}</FailureAlert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="The new password replaces the old one and signs you out everywhere."
      footer={
        <Anchor component={Link} to={paths.login} c="var(--mantine-color-anchor)" underline="always">
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack gap="md">
          {reset.isError && !fieldErrorsOf(reset.error).password && (
            <FailureAlert>
              {errorMessage(reset.error)} {fieldErrorsOf(reset.error).token ? requestNewLink : null}
            </FailureAlert>
          )}
          <PasswordInput
            label="New password"
            description={authMessages.passwordPolicyHint}
            autoComplete="new-password"
            autoFocus
            withAsterisk
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ "aria-label": "Show or hide new password" }}
            error={errors.password?.message}
            {...form.register("password")}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ "aria-label": "Show or hide confirm password" }}
            error={errors.confirmPassword?.message}
            {...form.register("confirmPassword", { onChange: () => void form.trigger("confirmPassword") })}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Save new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
