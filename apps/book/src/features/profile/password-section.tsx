import { PASSWORD_MIN_LENGTH } from "@visadesk/contract/auth-constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, type FormErrors, formErrorsOf } from "@/components/field";
import { SendFailure } from "@/components/send-failure";
import { api } from "@/lib/api";
import { useSubmit } from "@/lib/use-submit";

/** A new password, proven by the current one; the customer's other devices are signed out. */
export function PasswordSection() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FormErrors>({});
  const [done, setDone] = useState(false);
  const { busy, failure, invalid, handle, retry } = useSubmit();
  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    setDone(false);
    const { response, error } = await api.PUT("/api/customer/v1/me/password", {
      body: {
        currentPassword: String(data.get("currentPassword")),
        newPassword: String(data.get("newPassword")),
      },
    });
    if (response.ok) {
      form.reset();
      setErrors({});
      setDone(true);
    } else setErrors(formErrorsOf(error));
  };
  return (
    <section className="profile-section" aria-labelledby="password-title">
      <h2 id="password-title">{t("profile.password")}</h2>
      <form noValidate onSubmit={handle(submit)}>
        <Field
          label={t("profile.currentPassword")}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={
            invalid.currentPassword ??
            errors.fields?.currentPassword ??
            (errors.fields ? undefined : errors.message)
          }
        />
        <Field
          label={t("account.newPassword")}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={t("account.passwordHint")}
          error={invalid.newPassword ?? errors.fields?.newPassword}
        />
        {done ? <p role="status">{t("profile.passwordChanged")}</p> : null}
        <SendFailure message={failure} onRetry={retry} />
        <button type="submit" disabled={busy}>
          {t("profile.changePassword")}
        </button>
      </form>
    </section>
  );
}
