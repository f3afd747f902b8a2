// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Grid.css";
import {
  Button,
  Card,
  Grid,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  APP_USER_FIELD_DECLARATIONS,
  APP_USER_FIELD_NAMES,
  type AppUserField,
} from "@visadesk/contract/app-user-fields-constants";
import { serverMessages } from "@visadesk/contract/common-constants";
import type { AppUserForm as AppUserFormValues, User } from "@visadesk/contract/users";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ImageUpload } from "@/components/image-upload";
import { ProfilePictureCard } from "@/components/profile-picture-card";
import { TimeZoneSelect } from "@/components/time-zone-select";
import { VersionConflictAlert } from "@/components/version-conflict-alert";
import { deferredZodResolver } from "@/lib/deferred-resolver";
import { appUserFieldLabels as labels, optionalLabel } from "@/lib/field-labels";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { paths } from "@/lib/paths";
import { useUnsavedChangesPrompt } from "@/lib/unsaved-changes";
import { useRecordSave } from "@/lib/use-record-save";
import type { AppUserImageFiles } from "../api/app-user-form-data";

/** Each declared field as its input holds it: blank, or the stored value (none shows as blank). */
const fieldValues = (user?: User) =>
  Object.fromEntries(APP_USER_FIELD_NAMES.map((field) => [field, user?.[field] ?? ""])) as Record<
    AppUserField,
    string
  >;

// The stored password is never sent to the browser; the edit form's inputs stay empty and disabled.
const blank: AppUserFormValues = { ...fieldValues(), password: "", confirmPassword: "" };
const APP_USER_FIELDS = fieldsOf(blank);

const valuesOf = (user: User): AppUserFormValues => ({ ...blank, ...fieldValues(user) });

/** Each mode's rules (the contract's, with zod), loaded after the page has drawn. */
const rulesOf = (mode: "add" | "edit") =>
  deferredZodResolver<AppUserFormValues>(() =>
    import("@visadesk/contract/users").then((rules) => rules.appUserFormSchema(mode)),
  );
const resolvers = { add: rulesOf("add"), edit: rulesOf("edit") };

/** App users' images may be of any image type; the server checks them again by content. */
const IMAGE_ACCEPT = "image/*";

const today = () => new Date().toLocaleDateString("en-CA");

/** A field's label on the form: as declared, marked where the form may leave it blank. */
const labelOf = (name: AppUserField) =>
  APP_USER_FIELD_DECLARATIONS[name].required ? labels[name] : optionalLabel(labels[name]);

interface AppUserFormProps {
  /** The user being edited; absent in add mode. */
  user?: User | undefined;
  isSaving: boolean;
  /**
   * Saves, and rejects with the server's error so field errors can be shown. In edit mode `version` is the
   * version of the app user the form holds (it moves on after a Reload).
   */
  onSubmit: (form: AppUserFormValues, images: AppUserImageFiles, version?: number) => Promise<unknown>;
  /** Edit mode: reads the stored app user again, after a save refused because someone else saved first. */
  fetchLatest?: () => Promise<User>;
}

/** The Add and Edit App User forms. */
export function AppUserForm({ user: opened, isSaving, onSubmit, fetchLatest }: AppUserFormProps) {
  /** The stored app user the form's values started from: its version goes with the save. */
  const {
    record: user,
    conflict,
    refusedAsStale,
    reload,
  } = useRecordSave({
    record: opened,
    fetchLatest: fetchLatest && (() => fetchLatest()),
    labels,
    onReload: (latest) => {
      form.reset(valuesOf(latest));
      setImages({ profilePic: null, cnicFront: null, cnicBack: null });
    },
  });
  const mode = user ? "edit" : "add";
  const navigate = useNavigate();
  const [images, setImages] = useState<AppUserImageFiles>({
    profilePic: null,
    cnicFront: null,
    cnicBack: null,
  });
  const setImage = (name: keyof AppUserImageFiles) => (file: File | null) =>
    setImages((current) => ({ ...current, [name]: file }));
  const form = useForm<AppUserFormValues>({
    resolver: resolvers[mode],
    defaultValues: user ? valuesOf(user) : blank,
    mode: "onTouched",
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const imageChosen = Object.values(images).some((file) => file !== null);
  useUnsavedChangesPrompt((isDirty || imageChosen) && !isSubmitting);
  /** A declared field's input: its label, the asterisk where every form asks for it, its value and error. */
  const text = (name: AppUserField) => ({
    label: labelOf(name),
    withAsterisk: APP_USER_FIELD_DECLARATIONS[name].required,
    ...form.register(name),
    error: errors[name]?.message,
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values, images, user?.version);
    } catch (error) {
      // Refused as stale: the conflict is shown until Reload.
      if (await refusedAsStale(error)) return;
      applyServerFieldErrors(error, APP_USER_FIELDS, form.setError);
    }
  });

  const [firstName, lastName, email] = form.watch(["firstName", "lastName", "email"]);
  const name = [firstName, lastName].filter(Boolean).join(" ") || (user?.userName ?? "");
  const image = (field: keyof AppUserImageFiles, label: string = labels[field]) => ({
    label,
    accept: IMAGE_ACCEPT,
    typeError: serverMessages.fileTypeImage,
    file: images[field],
    onChange: setImage(field),
  });
  const busyLabel = mode === "add" ? "Adding App User..." : "Updating App User...";
  const idleLabel = mode === "add" ? "Add App User" : "Update App User";
  const submitLabel = isSaving ? busyLabel : idleLabel;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ProfilePictureCard
          title={name || "New App User"}
          subtitle={email}
          alt="Profile picture preview"
          placeholder={name.slice(0, 1).toUpperCase() || "?"}
          existing={user?.profilePic}
          file={images.profilePic}
          // Edit mode changes the picture here, through the camera button.
          picker={
            mode === "edit"
              ? {
                  label: "Change profile picture",
                  accept: IMAGE_ACCEPT,
                  typeError: serverMessages.fileTypeImage,
                  onChange: setImage("profilePic"),
                }
              : undefined
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder padding="lg">
          <form onSubmit={submit} noValidate aria-label={idleLabel}>
            <Stack gap="md">
              {conflict ? <VersionConflictAlert changed={conflict.changed} onReload={reload} /> : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput autoComplete="off" {...text("userName")} />
                <TextInput type="email" autoComplete="off" {...text("email")} />
                <TextInput {...text("firstName")} />
                <TextInput {...text("lastName")} />
                <TextInput type="tel" {...text("phoneNumber")} />
                <TextInput type="date" max={today()} {...text("dateOfBirth")} />
                <TextInput placeholder="12345-1234567-1" {...text("cnic")} />
              </SimpleGrid>
              <Textarea rows={2} {...text("address")} />
              <Controller
                name="timeZone"
                control={form.control}
                render={({ field }) => (
                  <TimeZoneSelect
                    label={labelOf("timeZone")}
                    description="Appointment times are also shown in this zone when it differs from the consultant's"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.timeZone?.message}
                  />
                )}
              />
              <SimpleGrid cols={{ base: 1, sm: mode === "add" ? 3 : 2 }}>
                {/* Title case, unlike its declared label: with that one, this upload's preview and the side
                    card's would both be named "Profile picture preview". */}
                {mode === "add" && <ImageUpload {...image("profilePic", "Profile Picture")} />}
                <ImageUpload {...image("cnicFront")} existing={user?.cnicFront} isPrivate />
                <ImageUpload {...image("cnicBack")} existing={user?.cnicBack} isPrivate />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput
                  label="Password"
                  withAsterisk={mode === "add"}
                  disabled={mode === "edit"}
                  autoComplete="new-password"
                  visibilityToggleFocusable
                  visibilityToggleButtonProps={{ "aria-label": "Show or hide password" }}
                  {...form.register("password", { deps: ["confirmPassword"] })}
                  error={errors.password?.message}
                />
                <PasswordInput
                  label="Confirm Password"
                  withAsterisk={mode === "add"}
                  disabled={mode === "edit"}
                  autoComplete="new-password"
                  visibilityToggleFocusable
                  visibilityToggleButtonProps={{ "aria-label": "Show or hide confirm password" }}
                  {...form.register("confirmPassword", {
                    // "Passwords do not match" is checked live, while typing.
                    onChange: () => void form.trigger("confirmPassword"),
                  })}
                  error={errors.confirmPassword?.message}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => navigate(paths.appUsers.list)} disabled={isSaving}>
                  Cancel
                </Button>
                <Button type="submit" color="indigo.8" disabled={isSaving}>
                  {submitLabel}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
