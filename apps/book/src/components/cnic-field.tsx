import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatCnic } from "@/lib/validation";
import { Field } from "./field";
import { Iso } from "./iso";

/** Where the caret belongs in `formatted` after `digits` digits. */
function caretAfter(formatted: string, digits: number) {
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (seen === digits) return index;
    if (/\d/.test(formatted.charAt(index))) seen++;
  }
  return formatted.length;
}

/**
 * The CNIC: 13 digits on a numeric keypad (which often has no dash), typed with or without dashes; the
 * dashes go in as they are typed, so what is sent is the card's 12345-1234567-1.
 */
export function CnicField({
  name,
  error,
  required,
  defaultValue,
}: {
  name: string;
  error?: string | undefined;
  required?: boolean;
  defaultValue?: string;
}) {
  const { t } = useTranslation();
  const reformat = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const formatted = formatCnic(input.value);
    if (formatted === input.value) return;
    const digitsBefore = input.value
      .slice(0, input.selectionStart ?? input.value.length)
      .replace(/\D/g, "").length;
    input.value = formatted;
    const caret = caretAfter(formatted, digitsBefore);
    input.setSelectionRange(caret, caret);
  };
  return (
    <Field
      label={t("account.cnic")}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      dir="ltr"
      maxLength={15}
      data-rule="cnic"
      required={required}
      defaultValue={defaultValue}
      onInput={reformat}
      hint={
        <>
          {t("account.cnicHint")} <Iso>12345-1234567-1</Iso>
        </>
      }
      error={error}
    />
  );
}
