import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Field, type FormErrors, formErrorsOf } from "@/components/field";
import { SendFailure } from "@/components/send-failure";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSubmit } from "@/lib/use-submit";

/** /forgot-password: a reset link by mail; the answer is the same whether the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t("account.forgotTitle"));
  const [errors, setErrors] = useState<FormErrors>({});
  const [sent, setSent] = useState(false);
  const { busy, failure, invalid, handle, retry } = useSubmit();

  const submit = async (formElement: HTMLFormElement) => {
    const form = new FormData(formElement);
    const { response, error } = await api.POST("/api/customer/v1/auth/forgot-password", {
      body: { email: String(form.get("email")) },
    });
    if (response.ok) setSent(true);
    else setErrors(formErrorsOf(error));
  };

  return (
    <section className="narrow">
      <h1>{t("account.forgotTitle")}</h1>
      {sent ? (
        <p role="status">{t("account.resetSent")}</p>
      ) : (
        <>
          <p className="muted">{t("account.forgotIntro")}</p>
          {errors.message ? (
            <p className="form-error" role="alert">
              {errors.message}
            </p>
          ) : null}
          <form noValidate onSubmit={handle(submit)}>
            <Field
              label={t("account.email")}
              name="email"
              type="email"
              autoComplete="email"
              required
              error={invalid.email ?? errors.fields?.email}
            />
            <SendFailure message={failure} onRetry={retry} />
            <button type="submit" disabled={busy}>
              {t("account.sendLink")}
            </button>
          </form>
        </>
      )}
      <p>
        <Link to="/sign-in">{t("account.signIn")}</Link>
      </p>
    </section>
  );
}
