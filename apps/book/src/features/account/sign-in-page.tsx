import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Field, type FormErrors, formErrorsOf } from "@/components/field";
import { SendFailure } from "@/components/send-failure";
import { usePageTitle } from "@/lib/page-title";
import { signIn } from "@/lib/session";
import { useSubmit } from "@/lib/use-submit";
import { safeNext } from "./next-page";

/** /sign-in: email and password; then back to where the customer was going (?next=). */
export default function SignInPage() {
  const { t } = useTranslation();
  usePageTitle(t("account.signIn"));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<FormErrors>({});
  const { busy, failure, invalid, handle, retry } = useSubmit();

  const submit = async (formElement: HTMLFormElement) => {
    const form = new FormData(formElement);
    const answer = await signIn(String(form.get("email")), String(form.get("password")));
    if (!answer.ok) setErrors(formErrorsOf(answer.refused));
    else navigate(safeNext(params.get("next")), { replace: true });
  };

  return (
    <section className="narrow">
      <h1>{t("account.signIn")}</h1>
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
        <Field
          label={t("account.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={invalid.password ?? errors.fields?.password}
        />
        <SendFailure message={failure} onRetry={retry} />
        <button type="submit" disabled={busy}>
          {busy ? t("account.signingIn") : t("account.signIn")}
        </button>
      </form>
      <p>
        <Link to="/forgot-password">{t("account.forgotPassword")}</Link>
      </p>
      <p>
        {t("account.noAccount")} <Link to="/sign-up">{t("account.signUp")}</Link>
      </p>
    </section>
  );
}
