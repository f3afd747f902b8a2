import { Alert, Anchor, Button, PasswordInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import type { RegisterForm } from "@visadesk/contract/auth";
import { authMessages } from "@visadesk/contract/auth-constants";
import { MAX_PUBLIC_IMAGE_BYTES, uploadMessages } from "@visadesk/contract/common-constants";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ProfilePictureInput } from "@/components/profile-picture-input";
import { deferredZodResolver } from "@/lib/deferred-resolver";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { errorMessage } from "@/lib/http";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { useRegister } from "../api/register";
import { AuthCard } from "../components/auth-card";
import { FailureAlert } from "../components/failure-alert";

const FIELDS = [
  "UserName",
  "Email",
  "FirstName",
  "LastName",
  "PhoneNumber",
  "Password",
  "ConfirmPassword",
] as const;
const empty: RegisterForm = {
  UserName: "",
  Email: "",
  FirstName: "",
  LastName: "",
  PhoneNumber: "",
  Password: "",
  ConfirmPassword: "",
};

// Its checks (the schema, with zod) load after the page has drawn.
const resolver = deferredZodResolver<RegisterForm>(() =>
  import("@visadesk/contract/auth").then((rules) => rules.registerFormSchema),
);

export default function RegisterPage() {
  usePageTitle("Create an account");
  const registration = useRegister();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string>();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver,
    defaultValues: empty,
    // Confirm password is checked live (as the app-user form does).
    mode: "onTouched",
  });
  const { errors } = form.formState;

  const choosePicture = (file: File | null) => {
    // The registration form is public: its picture has a smaller limit than the back office's uploads.
    const tooLarge = file && file.size > MAX_PUBLIC_IMAGE_BYTES;
    setPictureError(tooLarge ? uploadMessages.fileTooLarge(MAX_PUBLIC_IMAGE_BYTES) : undefined);
    setPicture(file);
  };

  const submit = form.handleSubmit(async (values) => {
    if (pictureError) return;
    try {
      const answer = await registration.mutateAsync({ ...values, ProfilePic: picture });
      setDone(answer.message);
      form.reset(empty);
      setPicture(null);
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, form.setError);
    }
  });

  if (done) {
    return (
      <AuthCard title="Registration received">
        <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {done}
        </Alert>
        <Button component={Link} to={paths.login} fullWidth>
          Go to sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create an account"
      subtitle="Staff accounts can sign in once an administrator has approved them."
      footer={
        <>
          Already have an account?{" "}
          <Anchor component={Link} to={paths.login} c="var(--mantine-color-anchor)" underline="always">
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Create an account">
        <Stack gap="md">
          {registration.isError ? (
            <FailureAlert title="Registration failed">{errorMessage(registration.error)}</FailureAlert>
          ) : null}
          <TextInput
            label="Username"
            autoComplete="username"
            withAsterisk
            error={errors.UserName?.message}
            {...form.register("UserName")}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            error={errors.Email?.message}
            {...form.register("Email")}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              withAsterisk
              error={errors.FirstName?.message}
              {...form.register("FirstName")}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              withAsterisk
              error={errors.LastName?.message}
              {...form.register("LastName")}
            />
          </SimpleGrid>
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            withAsterisk
            error={errors.PhoneNumber?.message}
            {...form.register("PhoneNumber")}
          />
          <PasswordInput
            label="Password"
            description={authMessages.passwordPolicyHint}
            autoComplete="new-password"
            withAsterisk
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ "aria-label": "Show or hide password" }}
            error={errors.Password?.message}
            {...form.register("Password", {
              onChange: () =>
                form.formState.touchedFields.ConfirmPassword && void form.trigger("ConfirmPassword"),
            })}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            withAsterisk
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ "aria-label": "Show or hide confirm password" }}
            error={errors.ConfirmPassword?.message}
            {...form.register("ConfirmPassword", { onChange: () => void form.trigger("ConfirmPassword") })}
          />
          <ProfilePictureInput
            value={picture}
            onChange={choosePicture}
            error={pictureError}
            maxBytes={MAX_PUBLIC_IMAGE_BYTES}
          />
          <Button type="submit" fullWidth loading={registration.isPending}>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
