import { PASSWORD_MIN_LENGTH } from "@visadesk/contract/auth-constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Field, type FormErrors, formErrorsOf } from "@/components/field";
import { SendFailure } from "@/components/send-failure";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSubmit } from "@/lib/use-submit";
import "./account.css";

/** /reset-password?token=…: the mailed link's page, where a new password is chosen. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t("account.resetTitle"));
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [errors, setErrors] = useState<FormErrors>({});
  const [done, setDone] = useState(false);
  const { busy, failure, invalid, handle, retry } = useSubmit();

  const submit = async (formElement: HTMLFormElement) => {
    const form = new FormData(formElement);
    const password = String(form.get("password"));
    if (password !== String(form.get("confirm"))) {
      setErrors({ fields: { confirm: t("account.passwordsDiffer") } });
      return;
    }
    const { response, error } = await api.POST("/api/customer/v1/auth/reset-password", {
      body: { token, password },
    });
    if (response.ok) setDone(true);
    else setErrors(formErrorsOf(error));
  };

  return (
    <section className="narrow">
      <h1>{t("account.resetTitle")}</h1>
      {done ? (
        <>
          <p role="status">{t("account.resetDone")}</p>
          <Link to="/sign-in" className="button-link">
            {t("account.signIn")}
          </Link>
        </>
      ) : (
        <>
          {errors.message ? (
            <p className="form-error" role="alert">
              {errors.message}
            </p>
          ) : null}
          <form noValidate onSubmit={handle(submit)}>
            <Field
              label={t("account.newPassword")}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              hint={t("account.passwordHint")}
              error={invalid.password ?? errors.fields?.password}
            />
            <Field
              label={t("account.confirmPassword")}
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
              error={invalid.confirm ?? errors.fields?.confirm}
            />
            <SendFailure message={failure} onRetry={retry} />
            <button type="submit" disabled={busy || !token}>
              {t("account.saveNewPassword")}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
