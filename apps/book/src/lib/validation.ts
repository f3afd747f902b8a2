import { CNIC_PATTERN } from "@visadesk/contract/app-user-validation";
import { isPhoneNumber } from "@visadesk/contract/phone-number";
import type { TFunction } from "i18next";
import { currentLanguage } from "@/i18n/i18n";
import { isolate } from "./format";

/** 13 digits typed any way (with or without dashes) as the card prints them: 12345-1234567-1. */
export function formatCnic(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 13);
  return [digits.slice(0, 5), digits.slice(5, 12), digits.slice(12)].filter(Boolean).join("-");
}

/**
 * The fields of a form that break their rules, each with its message from the site's catalogues, in the
 * page's language: required, an email's, a length's, and the rules a field names in `data-rule` (the
 * contract's CNIC and phone number, a 6-digit code). Empty: the form may be sent.
 */
export function checkForm(form: HTMLFormElement, t: TFunction): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    if (!element.name || element.disabled || problems[element.name]) continue;
    const message = problemOf(element, t);
    if (message) problems[element.name] = message;
  }
  return problems;
}

/** The examples the messages give, kept whole in right-to-left text. */
const example = (text: string) => ({ example: isolate(text, currentLanguage()) });

function problemOf(element: HTMLInputElement | HTMLTextAreaElement, t: TFunction): string | undefined {
  const value = element.value.trim();
  const isFile = element instanceof HTMLInputElement && element.type === "file";
  if (element.required && (isFile ? !(element as HTMLInputElement).files?.length : !value)) {
    return isFile ? t("validation.fileRequired") : t("validation.required");
  }
  if (!value) return undefined;
  switch (element.dataset.rule) {
    case "cnic":
      return CNIC_PATTERN.test(formatCnic(value)) && /^[\d\s-]+$/.test(value)
        ? undefined
        : t("validation.cnic", example("12345-1234567-1"));
    case "phone":
      return isPhoneNumber(value) ? undefined : t("validation.phone", example("+92 300 1234567"));
    case "code":
      return /^\d{6}$/.test(value) ? undefined : t("validation.code");
  }
  if (element instanceof HTMLInputElement && element.type === "email" && element.validity.typeMismatch) {
    return t("validation.email", example("name@example.com"));
  }
  if (element.minLength > 0 && value.length < element.minLength) {
    return t("validation.tooShort", { count: element.minLength });
  }
  return undefined;
}
