import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Field, type FormErrors, formErrorsOf } from "@/components/field";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import "./account.css";

/** /verify-email: the 6-digit code from the mail (its link fills both fields). */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t("account.verifyTitle"));
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<FormErrors>({});
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (form: FormData) => {
    setBusy(true);
    const { response, error } = await api.POST("/api/customer/v1/auth/verify-email", {
      body: { email: String(form.get("email")), code: String(form.get("code")).trim() },
    });
    setBusy(false);
    if (response.ok) setVerified(true);
    else setErrors(formErrorsOf(error));
  };

  if (verified) {
    return (
      <section className="narrow">
        <h1>{t("account.verifyTitle")}</h1>
        <p role="status">{t("account.verified")}</p>
        <Link to="/sign-in" className="button-link">
          {t("account.signIn")}
        </Link>
      </section>
    );
  }
  return (
    <section className="narrow">
      <h1>{t("account.verifyTitle")}</h1>
      <p className="muted">{t("account.verifyIntro")}</p>
      {errors.message ? (
        <p className="form-error" role="alert">
          {errors.message}
        </p>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(new FormData(event.currentTarget));
        }}
      >
        <Field
          label={t("account.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={params.get("email") ?? ""}
          error={errors.fields?.email}
        />
        <Field
          label={t("account.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          defaultValue={params.get("code") ?? ""}
          error={errors.fields?.code}
        />
        <button type="submit" disabled={busy}>
          {t("account.verify")}
        </button>
      </form>
    </section>
  );
}
