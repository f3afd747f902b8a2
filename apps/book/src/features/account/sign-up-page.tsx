import { PASSWORD_MIN_LENGTH } from "@visadesk/contract/auth-constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { CnicField } from "@/components/cnic-field";
import { Field, type FormErrors, formErrorsOf } from "@/components/field";
import { PhoneHint } from "@/components/phone-hint";
import { SendFailure } from "@/components/send-failure";
import { currentLanguage } from "@/i18n/i18n";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSubmit } from "@/lib/use-submit";
import { rememberSignUpNext } from "./next-page";

/**
 * /sign-up: every detail the marketplace keeps of a customer (staff can always edit a self-registered one),
 * the language chosen on the site and the browser's time zone; then the emailed code.
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  usePageTitle(t("account.signUp"));
  const navigate = useNavigate();
  // Where the customer was going (a time chosen on a profile): kept through the code and the sign-in.
  const next = useSearchParams()[0].get("next");
  const onward: Record<string, string> = next ? { next } : {};
  const [errors, setErrors] = useState<FormErrors>({});
  const { busy, failure, invalid, handle, retry } = useSubmit();

  const submit = async (formElement: HTMLFormElement) => {
    const form = new FormData(formElement);
    const value = (name: string) => String(form.get(name) ?? "");
    const { response, error } = await api.POST("/api/customer/v1/auth/sign-up", {
      body: {
        userName: value("userName"),
        email: value("email"),
        firstName: value("firstName"),
        lastName: value("lastName"),
        phoneNumber: value("phoneNumber"),
        dateOfBirth: value("dateOfBirth"),
        cnic: value("cnic"),
        address: value("address"),
        password: value("password"),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        language: currentLanguage(),
      },
    });
    // The mailed link carries no `next`: this browser keeps it for the address.
    if (response.ok && next) rememberSignUpNext(value("email"), next);
    if (response.ok) navigate(`/verify-email?${new URLSearchParams({ email: value("email"), ...onward })}`);
    else setErrors(formErrorsOf(error));
  };

  const field = (name: string) => invalid[name] ?? errors.fields?.[name];
  return (
    <section className="narrow">
      <h1>{t("account.signUp")}</h1>
      <p className="muted">{t("account.signUpIntro")}</p>
      {errors.message ? (
        <p className="form-error" role="alert">
          {errors.message}
        </p>
      ) : null}
      <form noValidate onSubmit={handle(submit)}>
        <Field
          label={t("account.firstName")}
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={100}
          error={field("firstName")}
        />
        <Field
          label={t("account.lastName")}
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={100}
          error={field("lastName")}
        />
        <Field
          label={t("account.userName")}
          name="userName"
          autoComplete="username"
          required
          maxLength={50}
          error={field("userName")}
        />
        <Field
          label={t("account.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={200}
          dir="ltr"
          error={field("email")}
        />
        <Field
          label={t("account.phone")}
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          required
          maxLength={30}
          dir="ltr"
          data-rule="phone"
          hint={<PhoneHint />}
          error={field("phoneNumber")}
        />
        <Field
          label={t("account.dateOfBirth")}
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          required
          error={field("dateOfBirth")}
        />
        <CnicField name="cnic" required error={field("cnic")} />
        <Field
          label={t("account.address")}
          name="address"
          autoComplete="street-address"
          dir="auto"
          required
          maxLength={500}
          error={field("address")}
        />
        <Field
          label={t("account.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={t("account.passwordHint")}
          error={field("password")}
        />
        <SendFailure message={failure} onRetry={retry} />
        <button type="submit" disabled={busy}>
          {busy ? t("account.creating") : t("account.create")}
        </button>
      </form>
      <p>
        {t("account.haveAccount")}{" "}
        <Link to={`/sign-in?${new URLSearchParams(onward)}`}>{t("account.signIn")}</Link>
      </p>
    </section>
  );
}
