import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import type { ForgotPasswordBody } from "@visadesk/contract/auth";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { deferredZodResolver } from "@/lib/deferred-resolver";
import { errorMessage } from "@/lib/http";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { useForgotPassword } from "../api/forgot-password";
import { AuthCard } from "../components/auth-card";
import { FailureAlert } from "../components/failure-alert";

// Its checks (the schema, with zod) load after the page has drawn.
const resolver = deferredZodResolver<ForgotPasswordBody>(() =>
  import("@visadesk/contract/auth").then((rules) => rules.forgotPasswordBodySchema),
);

export default function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  const request = useForgotPassword();
  const form = useForm<ForgotPasswordBody>({
    resolver,
    defaultValues: { email: "" },
  });
  const submit = form.handleSubmit((body) => request.mutateAsync(body).catch(() => undefined));

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <Anchor component={Link} to={paths.login} c="var(--mantine-color-anchor)" underline="always">
          Back to sign in
        </Anchor>
      }
    >
      {request.isSuccess ? (
        <Alert color="green" icon={<IconMailCheck size={18} aria-hidden />} role="status">
          {request.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Request a password reset link">
          <Stack gap="md">
            {request.isError ? <FailureAlert>{errorMessage(request.error)}</FailureAlert> : null}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              autoFocus
              withAsterisk
              error={form.formState.errors.email?.message}
              {...form.register("email")}
            />
            <Button type="submit" fullWidth loading={request.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
