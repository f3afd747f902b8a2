import { NumberInput, type NumberInputProps } from "@mantine/core";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";

interface NumberFieldProps<T extends FieldValues>
  extends Omit<NumberInputProps, "name" | "value" | "onChange" | "onBlur" | "error" | "clampBehavior"> {
  name: Path<T>;
  // biome-ignore lint/suspicious/noExplicitAny: the form's submitted values (its schema's output) do not matter here.
  control: Control<T, any, any>;
}

/**
 * A number input of a form, with its rule's message beside it. It keeps what was typed (clampBehavior
 * "none"): a fee of -5 or a rating of 9 is refused with the shared rules' message, never quietly changed to
 * 0 or 5 and saved.
 */
export function NumberField<T extends FieldValues>({ name, control, ...input }: NumberFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <NumberInput
          {...input}
          clampBehavior="none"
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
