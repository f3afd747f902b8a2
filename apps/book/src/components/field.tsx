import i18next from "i18next";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import "./field.css";

/** A labelled input with its hint and its error beside it, both read out with the field. */
export function Field({
  label,
  hint,
  error,
  ...input
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  "data-rule"?: string;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="muted hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What a refused form answers: the API's message and each field's own. */
export interface FormErrors {
  message?: string | undefined;
  fields?: Record<string, string> | undefined;
}

/**
 * The API's message and fields of a refused call; an answer without them (a proxy's error page, a crash)
 * still says something went wrong, in the page's language.
 */
export function formErrorsOf(error: unknown): FormErrors {
  if (!error || typeof error !== "object" || !("message" in error || "fieldErrors" in error)) {
    return { message: i18next.t("app.serverFailed") };
  }
  const answer = error as { message?: unknown; fieldErrors?: unknown };
  return {
    message: typeof answer.message === "string" ? answer.message : undefined,
    fields:
      answer.fieldErrors && typeof answer.fieldErrors === "object"
        ? (answer.fieldErrors as Record<string, string>)
        : undefined,
  };
}
