import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, formErrorsOf } from "@/components/field";
import { SendFailure } from "@/components/send-failure";
import { api } from "@/lib/api";
import { accountErased } from "@/lib/session";
import { useSubmit } from "@/lib/use-submit";

/** Erasing the account, with what it means spelled out first and the password as proof. */
export function EraseSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const { busy, failure, invalid, handle, retry } = useSubmit();
  const erase = async (form: HTMLFormElement) => {
    const password = String(new FormData(form).get("password"));
    const { response, error: refused } = await api.DELETE("/api/customer/v1/me", { body: { password } });
    if (response.ok) {
      accountErased();
    } else setError(formErrorsOf(refused).message ?? t("profile.eraseFailed"));
  };
  return (
    <section className="profile-section danger" aria-labelledby="erase-title">
      <h2 id="erase-title">{t("profile.erase")}</h2>
      <ul>
        <li>{t("profile.eraseData")}</li>
        <li>{t("profile.eraseAppointments")}</li>
        <li>{t("profile.eraseFinal")}</li>
      </ul>
      {open ? (
        <form noValidate onSubmit={handle(erase)}>
          <Field
            label={t("account.password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={invalid.password ?? error}
          />
          <SendFailure message={failure} onRetry={retry} />
          <div className="actions">
            <button type="submit" className="danger-button" disabled={busy}>
              {t("profile.eraseConfirm")}
            </button>
            <button type="button" className="secondary" onClick={() => setOpen(false)}>
              {t("booking.keep")}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          {t("profile.erase")}
        </button>
      )}
    </section>
  );
}
