import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import {
  type AddressBodyInput,
  addressBodySchema,
  type ConsultantAddress,
} from "@visadesk/contract/consultants";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { fieldErrorsOf } from "../../../lib/http";

/** The address's own fields, checked with the API's rules (spec section 5). */
const addressFieldsSchema = addressBodySchema.pick({
  address: true,
  city: true,
  state: true,
  country: true,
  zipCode: true,
  latitude: true,
  longitude: true,
});
type AddressFields = z.output<typeof addressFieldsSchema>;
interface AddressFormValues {
  address: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  latitude: string;
  longitude: string;
}
const FIELD_NAMES = ["address", "city", "state", "country", "zipCode", "latitude", "longitude"] as const;

interface AddressFormModalProps {
  opened: boolean;
  consultantId: string;
  /** The address being edited; null when adding. */
  address: ConsultantAddress | null;
  isSaving: boolean;
  onClose: () => void;
  /** Saves, and rejects with the server's error so field errors can be shown. */
  onSave: (address: AddressBodyInput) => Promise<unknown>;
}

export function AddressFormModal(props: AddressFormModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.address ? "Edit Address" : "Add Address"}
      closeButtonProps={{ "aria-label": "Close" }}
      size="lg"
    >
      {props.opened && <AddressForm key={props.address?.guidId ?? "new"} {...props} />}
    </Modal>
  );
}

function AddressForm({ consultantId, address, isSaving, onClose, onSave }: AddressFormModalProps) {
  const form = useForm<AddressFormValues, unknown, AddressFields>({
    resolver: zodResolver(addressFieldsSchema) as unknown as Resolver<
      AddressFormValues,
      unknown,
      AddressFields
    >,
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
  const { errors } = form.formState;
  const field = (name: (typeof FIELD_NAMES)[number]) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });

  const submit = form.handleSubmit(async (fields) => {
    // Edits resend the record with its id and guidId; new records have id 0 and a generated guidId.
    const body: AddressBodyInput = address
      ? { ...address, ...fields, consultantId }
      : { id: 0, guidId: crypto.randomUUID(), consultantId, isActive: true, isDeleted: false, ...fields };
    try {
      await onSave(body);
    } catch (error) {
      // The API answers an array, so its field names carry the index: "0.city".
      for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
        const key = name.replace(/^\d+\./, "");
        const known = FIELD_NAMES.find((candidate) => candidate === key);
        if (known) form.setError(known, { type: "server", message });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={address ? "Edit Address" : "Add Address"}>
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving} loading={isSaving}>
            {address ? "Update Address" : "Add Address"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
