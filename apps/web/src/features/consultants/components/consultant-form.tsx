// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Grid.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import "@mantine/core/styles/NumberInput.css";
import { Button, Card, Grid, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { LOGO_ACCEPT, serverMessages } from "@visadesk/contract/common-constants";
import { REQUIRED_CONSULTANT_FIELDS } from "@visadesk/contract/consultant-field-maps-constants";
import type { ConsultantFieldOf } from "@visadesk/contract/consultant-fields-constants";
import type { Consultant, ConsultantFields } from "@visadesk/contract/consultants";
import { consultantMessages } from "@visadesk/contract/consultants-constants";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { GrowingTextarea } from "@/components/growing-textarea";
import { ImageUpload } from "@/components/image-upload";
import { ProfilePictureCard } from "@/components/profile-picture-card";
import { BusinessTimeZoneSelect, TimeZoneSelect } from "@/components/time-zone-select";
import { VersionConflictAlert } from "@/components/version-conflict-alert";
import { deferredZodResolver } from "@/lib/deferred-resolver";
import { consultantFieldLabels } from "@/lib/field-labels";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { paths } from "@/lib/paths";
import { notify } from "@/lib/toast";
import { useUnsavedChangesPrompt } from "@/lib/unsaved-changes";
import { useRecordSave } from "@/lib/use-record-save";
import type { ConsultantImageFiles } from "../api/consultant-form-data";
import { approvalStates, premiumStates } from "../states";
import type { consultantFormSchema } from "./consultant-form-schema";
import { blankConsultant, type ConsultantFormValues, formValuesOf } from "./consultant-form-values";
import { CountriesField, LanguagesField } from "./countries-field";
import { NumberField } from "./number-field";

type FormRules = typeof consultantFormSchema;

const CONSULTANT_FIELDS = fieldsOf(blankConsultant);
// Its rules (the contract's, with zod) load after the page has drawn.
const resolver = deferredZodResolver<z.input<FormRules>, z.output<FormRules>>(() =>
  import("./consultant-form-schema").then((rules) => rules.consultantFormSchema),
);
const labels = consultantFieldLabels;

/** What the conflict alert compares: the form's values and the stored images. */
const comparable = (consultant: Consultant) => ({
  ...formValuesOf(consultant),
  logoURL: consultant.logoURL,
  profilePic: consultant.profilePic,
});

const approvalOptions = [
  { value: "", label: "Select Status" },
  { value: "true", label: approvalStates.yes },
  { value: "false", label: approvalStates.no },
];
const premiumOptions = [
  { value: "", label: "Select Status" },
  { value: "true", label: premiumStates.yes },
  { value: "false", label: premiumStates.no },
];

interface ConsultantFormProps {
  /** The consultant being edited; absent in add mode. */
  consultant?: Consultant | undefined;
  isSaving: boolean;
  /**
   * Saves, and rejects with the server's error so its field errors can be shown. In edit mode `version` is
   * the version of the consultant the form holds (it moves on after a Reload).
   */
  onSubmit: (fields: ConsultantFields, images: ConsultantImageFiles, version?: number) => Promise<unknown>;
  /** Edit mode: reads the stored consultant again, after a save refused because someone else saved first. */
  fetchLatest?: () => Promise<Consultant>;
}

/** The Add and Edit Consultant form with the profile-picture side card. */
export function ConsultantForm({ consultant: opened, isSaving, onSubmit, fetchLatest }: ConsultantFormProps) {
  const navigate = useNavigate();
  /** The stored consultant the form's values started from: its version goes with the save. */
  const {
    record: consultant,
    conflict,
    refusedAsStale,
    reload,
  } = useRecordSave({
    record: opened,
    fetchLatest: fetchLatest && (() => fetchLatest()),
    comparable,
    labels: consultantFieldLabels,
    onReload: (latest) => {
      form.reset(formValuesOf(latest));
      setImages({ logoURL: null, profilePic: null });
    },
  });
  const [images, setImages] = useState<ConsultantImageFiles>({ logoURL: null, profilePic: null });
  // The values and the submitted fields are typed by the schema: what it takes in and what it gives back.
  const form = useForm({
    resolver,
    defaultValues: consultant ? formValuesOf(consultant) : blankConsultant,
    mode: "onTouched",
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const imageChosen = images.logoURL !== null || images.profilePic !== null;
  useUnsavedChangesPrompt((isDirty || imageChosen) && !isSubmitting);
  const text = (name: Exclude<keyof ConsultantFormValues, "country" | "languagesSpoken">) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });
  const number = (name: ConsultantFieldOf<"input", "number">) => ({
    name,
    control: form.control,
  });

  const submit = form.handleSubmit(
    async (fields) => {
      try {
        await onSubmit(fields, images, consultant?.version);
      } catch (error) {
        // Refused as stale: the conflict is shown until Reload.
        if (await refusedAsStale(error)) return;
        // The API's one "timing" field shows on the form's first timing input.
        applyServerFieldErrors(error, CONSULTANT_FIELDS, form.setError, (name) =>
          name === "timing" ? "timingStart" : name,
        );
      }
    },
    () => {
      // Only a missing required field gives this toast; a malformed one shows its own message.
      const values = form.getValues();
      if (REQUIRED_CONSULTANT_FIELDS.some((field) => !values[field].trim())) {
        notify.error(consultantMessages.fillRequired);
      }
    },
  );

  const [name, contactEmail] = form.watch(["name", "contactEmail"]);
  const isEdit = Boolean(consultant);
  const idleLabel = isEdit ? "Update Consultant" : "Add Consultant";
  const busyLabel = isEdit ? "Updating Consultant..." : "Adding Consultant...";
  const submitLabel = isSaving ? busyLabel : idleLabel;
  // A new consultant starts in the business zone; a stored one shows its own.
  const ZoneSelect = isEdit ? TimeZoneSelect : BusinessTimeZoneSelect;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ProfilePictureCard
          title={name || "New Consultant"}
          subtitle={contactEmail || "No email yet"}
          hint="PNG, JPG or JPEG"
          alt={`Profile picture of ${name || "the consultant"}`}
          existing={consultant?.profilePicThumbnail ?? consultant?.profilePic}
          file={images.profilePic}
          picker={{
            label: "Upload profile picture",
            accept: LOGO_ACCEPT,
            typeError: serverMessages.fileTypePngJpeg,
            onChange: (file) => setImages((current) => ({ ...current, profilePic: file })),
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder padding="lg">
          <form onSubmit={submit} noValidate aria-label={isEdit ? "Edit Consultant" : "Add Consultant"}>
            <Stack gap="md">
              {conflict ? <VersionConflictAlert changed={conflict.changed} onReload={reload} /> : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={labels.name} withAsterisk {...text("name")} />
                <TextInput label={labels.businessName} withAsterisk {...text("businessName")} />
                <TextInput
                  label={labels.contactEmail}
                  type="email"
                  withAsterisk
                  autoComplete="off"
                  {...text("contactEmail")}
                />
                <TextInput label={labels.phoneNumber} type="tel" withAsterisk {...text("phoneNumber")} />
                <TextInput label={labels.officeNumber} type="tel" {...text("officeNumber")} />
                <TextInput
                  label={labels.website}
                  type="url"
                  placeholder="https://example.com"
                  {...text("website")}
                />
              </SimpleGrid>
              <GrowingTextarea label={labels.aboutInfo} minRows={2} {...text("aboutInfo")} />
              <TextInput label={labels.address} {...text("address")} />
              <CountriesField control={form.control} label={labels.country} />
              <LanguagesField control={form.control} label={labels.languagesSpoken} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={labels.visaOffer} {...text("visaOffer")} />
                <TextInput
                  label={labels.services}
                  description="Separate services with commas"
                  {...text("services")}
                />
                <TextInput label={labels.tags} description="Separate tags with commas" {...text("tags")} />
                <NumberField {...number("fee")} label={labels.fee} min={0} step={0.01} decimalScale={2} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Opens at"
                  type="time"
                  description="Business hours start"
                  {...text("timingStart")}
                />
                <TextInput
                  label="Closes at"
                  type="time"
                  description="Business hours end"
                  {...text("timingEnd")}
                />
              </SimpleGrid>
              <Controller
                name="timeZone"
                control={form.control}
                render={({ field }) => (
                  <ZoneSelect
                    label={labels.timeZone}
                    description="The consultant's hours and appointment times are read in this zone"
                    value={field.value ?? ""}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.timeZone?.message}
                  />
                )}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <NumberField
                  {...number("experience")}
                  label={labels.experience}
                  min={0}
                  allowDecimal={false}
                />
                <NumberField
                  {...number("rating")}
                  label={labels.rating}
                  min={0}
                  max={5}
                  step={0.1}
                  decimalScale={1}
                />
                <NumberField
                  {...number("satisfiedClients")}
                  label={labels.satisfiedClients}
                  min={0}
                  allowDecimal={false}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NativeSelect label={labels.isApproved} data={approvalOptions} {...text("isApproved")} />
                <NativeSelect label={labels.isPremium} data={premiumOptions} {...text("isPremium")} />
              </SimpleGrid>
              <ImageUpload
                label={labels.logoURL}
                accept={LOGO_ACCEPT}
                description="PNG, JPG or JPEG, at most 5 MB"
                typeError={serverMessages.fileTypePngJpeg}
                file={images.logoURL}
                existing={consultant?.logoURL}
                onChange={(file) => setImages((current) => ({ ...current, logoURL: file }))}
              />
              <Group justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => navigate(paths.consultants.list)}
                  disabled={isSaving}
                >
                  Cancel
                </Button>
                <Button type="submit" disabled={isSaving}>
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
