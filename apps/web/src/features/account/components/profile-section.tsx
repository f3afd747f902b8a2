import { Button, Group, Stack, TextInput } from "@mantine/core";
import type { MyAccount } from "@visadesk/contract/account";
import type { ProfileForm } from "@visadesk/contract/account-forms";
import { MAX_IMAGE_BYTES, uploadMessages } from "@visadesk/contract/common-constants";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ProfilePictureInput } from "@/components/profile-picture-input";
import { useAuth } from "@/lib/auth";
import { deferredZodResolver } from "@/lib/deferred-resolver";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import { useUnsavedChangesPrompt } from "@/lib/unsaved-changes";
import { useUpdateProfile } from "../api/account";

const FIELDS = ["FirstName", "LastName", "PhoneNumber"] as const;
// Its rules (the contract's, with zod) load when the form is first used, not with the page.
const resolver = deferredZodResolver<ProfileForm>(() =>
  import("@visadesk/contract/account-forms").then((rules) => rules.profileFormSchema),
);

/** My name, phone and picture; the header's name follows at once. */
export function ProfileSection({ account }: { account: MyAccount }) {
  const update = useUpdateProfile();
  const { updateUser } = useAuth();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string>();
  const choosePicture = (file: File | null) => {
    const tooLarge = file && file.size > MAX_IMAGE_BYTES;
    setPictureError(tooLarge ? uploadMessages.fileTooLarge(MAX_IMAGE_BYTES) : undefined);
    setPicture(tooLarge ? null : file);
  };
  const form = useForm<ProfileForm>({
    resolver,
    defaultValues: {
      FirstName: account.firstName ?? "",
      LastName: account.lastName ?? "",
      PhoneNumber: account.phoneNumber ?? "",
    },
    mode: "onTouched",
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt((isDirty || picture !== null) && !isSubmitting);
  const submit = form.handleSubmit(async (fields) => {
    try {
      const answer = await update.mutateAsync({
        firstName: fields.FirstName,
        lastName: fields.LastName,
        phoneNumber: fields.PhoneNumber,
        picture,
      });
      updateUser({ firstName: answer.account.firstName, lastName: answer.account.lastName });
      setPicture(null);
      form.reset(fields);
      notify.success(answer.message);
    } catch (error) {
      if (!applyServerFieldErrors(error, FIELDS, form.setError)) notify.error(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack gap="sm" maw={420}>
        <TextInput label="Username" value={account.userName} readOnly />
        <TextInput label="Email" value={account.email} readOnly />
        <TextInput
          label="First name"
          withAsterisk
          autoComplete="given-name"
          error={errors.FirstName?.message}
          {...form.register("FirstName")}
        />
        <TextInput
          label="Last name"
          withAsterisk
          autoComplete="family-name"
          error={errors.LastName?.message}
          {...form.register("LastName")}
        />
        <TextInput
          label="Phone"
          autoComplete="tel"
          error={errors.PhoneNumber?.message}
          {...form.register("PhoneNumber")}
        />
        <ProfilePictureInput
          value={picture}
          onChange={choosePicture}
          error={pictureError}
          maxBytes={MAX_IMAGE_BYTES}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
