import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type LoginForm, loginFormSchema } from "@visadesk/contract/login-form";
import { useForm } from "react-hook-form";
import { Link, type Location, useLocation, useNavigate } from "react-router";
import { useAuth } from "../../../lib/auth";
import { errorMessage } from "../../../lib/http";
import { isPublicPath } from "../../../lib/public-paths";
import { useVerifyLogin } from "../api/verify-login";
import { AuthCard } from "../components/auth-card";

/** Where to go after signing in: the page the guard turned the visitor away from, else /users. */
function destination(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === "/" || isPublicPath(from.pathname)) return "/users";
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

export default function LoginPage() {
  const { login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const verify = useVerifyLogin();
  const form = useForm<LoginForm>({
    resolver: standardSchemaResolver(loginFormSchema),
    defaultValues: { login: "", password: "" },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ login: name, password }) => {
    // One box takes either: an "@" means an email, anything else a username.
    const body = name.includes("@") ? { email: name, password } : { userName: name, password };
    try {
      login(await verify.mutateAsync(body));
      navigate(destination(location.state), { replace: true });
    } catch {
      form.setValue("password", "");
      form.setFocus("password");
    }
  });

  return (
    <AuthCard
      title="Sign in"
      subtitle="Sign in to the VisaDesk back-office."
      footer={
        <>
          New staff member?{" "}
          <Anchor component={Link} to="/register" c="var(--mantine-color-anchor)" underline="always">
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="md">
          {verify.isError && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} aria-hidden />}
              role="alert"
              title="Sign-in failed"
            >
              {errorMessage(verify.error)}
            </Alert>
          )}
          <TextInput
            label="Email or username"
            autoComplete="username"
            autoFocus
            withAsterisk
            error={errors.login?.message}
            {...form.register("login")}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            error={errors.password?.message}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ "aria-label": "Show or hide password" }}
            {...form.register("password")}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm" c="var(--mantine-color-anchor)">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={verify.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
