import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import type { ChangePasswordForm } from "@visadesk/contract/account-forms";
import { authMessages } from "@visadesk/contract/auth-constants";
import { useForm } from "react-hook-form";
import { deferredZodResolver } from "@/lib/deferred-resolver";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import { useUnsavedChangesPrompt } from "@/lib/unsaved-changes";
import { useChangePassword } from "../api/account";
import { CurrentPasswordInput } from "./current-password-input";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
// Its rules (the contract's, with zod) load when the form is first used, not with the page.
const resolver = deferredZodResolver<ChangePasswordForm>(() =>
  import("@visadesk/contract/account-forms").then((rules) => rules.changePasswordFormSchema),
);

/** Change my password: the current one is asked for; my other sessions end. */
export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver,
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    mode: "onTouched",
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt(isDirty && !isSubmitting);
  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const answer = await change.mutateAsync({ currentPassword, newPassword });
      notify.success(answer.message);
      form.reset();
      onChanged();
    } catch (error) {
      if (!applyServerFieldErrors(error, FIELDS, form.setError)) notify.error(errorMessage(error));
    }
  });
  const toggle = (name: string) => ({ "aria-label": `Show or hide ${name}` });
  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm" maw={420}>
        <CurrentPasswordInput error={errors.currentPassword?.message} {...form.register("currentPassword")} />
        <PasswordInput
          label="New password"
          description={authMessages.passwordPolicyHint}
          autoComplete="new-password"
          withAsterisk
          visibilityToggleFocusable
          visibilityToggleButtonProps={toggle("new password")}
          error={errors.newPassword?.message}
          {...form.register("newPassword")}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          withAsterisk
          visibilityToggleFocusable
          visibilityToggleButtonProps={toggle("confirm new password")}
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword", { onChange: () => void form.trigger("confirmPassword") })}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
