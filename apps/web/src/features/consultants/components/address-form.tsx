// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Code.css";
import { SimpleGrid, Stack, TextInput } from "@mantine/core";
import type { ConsultantAddress } from "@visadesk/contract/consultants";
import type { AddressBodyInput } from "@visadesk/contract/consultants-timings-addresses";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { deferredZodResolver } from "@/lib/deferred-resolver";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useUnsavedChangesPrompt } from "@/lib/unsaved-changes";
import type { addressFieldsSchema } from "./address-form-schema";
import { type RecordFormProps, upsertBody } from "./record-manager";

type AddressRules = typeof addressFieldsSchema;
// Its rules (the contract's, with zod) load when the form is first used, not with the page.
const resolver = deferredZodResolver<z.input<AddressRules>, z.output<AddressRules>>(() =>
  import("./address-form-schema").then((rules) => rules.addressFieldsSchema),
);
const FIELD_NAMES = ["address", "city", "state", "country", "zipCode", "latitude", "longitude"] as const;

/** Add or edit one address, checked with the API's rules. */
export function AddressForm({
  consultantId,
  record: address,
  label,
  onSave,
  actions,
}: RecordFormProps<ConsultantAddress, AddressBodyInput>) {
  // The values and the submitted fields are typed by the schema: what it takes in and what it gives back.
  const form = useForm({
    resolver,
    defaultValues: {
      address: address?.address ?? "",
      city: address?.city ?? "",
      state: address?.state ?? "",
      country: address?.country ?? "",
      zipCode: address?.zipCode ?? "",
      latitude: address?.latitude?.toString() ?? "",
      longitude: address?.longitude?.toString() ?? "",
    },
    mode: "onTouched",
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesPrompt(isDirty && !isSubmitting);
  const field = (name: (typeof FIELD_NAMES)[number]) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });

  const submit = form.handleSubmit(async (fields) => {
    const body: AddressBodyInput = upsertBody(consultantId, address, fields);
    try {
      await onSave(body);
    } catch (error) {
      // The API answers an array, so its field names carry the index: "0.city".
      applyServerFieldErrors(error, FIELD_NAMES, form.setError, (name) => name.replace(/^\d+\./, ""));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="md">
        <TextInput label="Address" withAsterisk {...field("address")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" withAsterisk {...field("city")} />
          <TextInput label="State" withAsterisk {...field("state")} />
          <TextInput label="Country" withAsterisk {...field("country")} />
          <TextInput label="ZIP Code" withAsterisk {...field("zipCode")} />
          <TextInput label="Latitude" inputMode="decimal" placeholder="-90 to 90" {...field("latitude")} />
          <TextInput
            label="Longitude"
            inputMode="decimal"
            placeholder="-180 to 180"
            {...field("longitude")}
          />
        </SimpleGrid>
        {actions}
      </Stack>
    </form>
  );
}
