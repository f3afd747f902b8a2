import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Field, type FormErrors, formErrorsOf } from "@/components/field";
import { SendFailure } from "@/components/send-failure";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSubmit } from "@/lib/use-submit";
import { forgetSignUpNext, signUpNext } from "./next-page";
import "./account.css";

/** The API mails a new code at most once a minute per account. */
const RESEND_COOLDOWN_SECONDS = 60;

/** /verify-email: the 6-digit code from the mail (its link fills both fields), and a new code on request. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t("account.verifyTitle"));
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<FormErrors>({});
  const [verified, setVerified] = useState<{ next: string | null } | null>(null);
  const { busy, failure, invalid, handle, retry } = useSubmit();
  const emailInput = useRef<HTMLInputElement>(null);

  const submit = async (formElement: HTMLFormElement) => {
    const form = new FormData(formElement);
    const email = String(form.get("email"));
    const { response, error } = await api.POST("/api/customer/v1/auth/verify-email", {
      body: { email, code: String(form.get("code")).trim() },
    });
    if (response.ok) {
      // Where the sign-up was going: in the address (the code typed on the page), else kept by this
      // browser for the address (the mailed link, which carries none).
      setVerified({ next: params.get("next") ?? signUpNext(email) });
      forgetSignUpNext();
    } else setErrors(formErrorsOf(error));
  };

  if (verified) {
    return (
      <section className="narrow">
        <h1>{t("account.verifyTitle")}</h1>
        <p role="status">{t("account.verified")}</p>
        <Link
          to={`/sign-in?${new URLSearchParams(verified.next ? { next: verified.next } : {})}`}
          className="button-link"
        >
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
      <form noValidate onSubmit={handle(submit)}>
        <Field
          ref={emailInput}
          label={t("account.email")}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          defaultValue={params.get("email") ?? ""}
          error={invalid.email ?? errors.fields?.email}
        />
        <Field
          label={t("account.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          data-rule="code"
          maxLength={6}
          required
          defaultValue={params.get("code") ?? ""}
          error={invalid.code ?? errors.fields?.code}
        />
        <SendFailure message={failure} onRetry={retry} />
        <button type="submit" disabled={busy}>
          {t("account.verify")}
        </button>
      </form>
      <ResendCode email={() => emailInput.current?.value.trim() ?? ""} />
    </section>
  );
}

/**
 * A new code by mail. The API answers the same for any address, and 429 (with Retry-After) when asked too
 * often; either way the wait before the next request counts down on the page.
 */
function ResendCode({ email }: { email: () => string }) {
  const { t } = useTranslation();
  const { busy, failure, run, retry } = useSubmit();
  const [answer, setAnswer] = useState<string | undefined>();
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  useEffect(() => {
    if (waitUntil <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitUntil]);

  const resend = () =>
    run(async () => {
      const { data, error, response } = await api.POST("/api/customer/v1/auth/resend-code", {
        body: { email: email() },
      });
      const retryAfter = Number(response.headers.get("retry-after"));
      const wait = response.status === 429 && retryAfter > 0 ? retryAfter : RESEND_COOLDOWN_SECONDS;
      setAnswer(data?.message ?? formErrorsOf(error).message);
      if (response.ok || response.status === 429) {
        setNow(Date.now());
        setWaitUntil(Date.now() + wait * 1000);
      }
    });
  return (
    <div className="resend">
      {answer ? <p role="status">{answer}</p> : null}
      <SendFailure message={failure} onRetry={retry} />
      <button
        type="button"
        className="secondary"
        disabled={busy || seconds > 0}
        onClick={() => void resend()}
      >
        {busy ? t("account.resending") : t("account.resend")}
      </button>
      {seconds > 0 ? <p className="muted">{t("account.resendWait", { seconds })}</p> : null}
    </div>
  );
}
