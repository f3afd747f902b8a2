import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, formErrorsOf } from "@/components/field";
import { api } from "@/lib/api";
import { accountErased } from "@/lib/session";

/** Erasing the account, with what it means spelled out first and the password as proof. */
export function EraseSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const erase = async (password: string) => {
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
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void erase(String(new FormData(event.currentTarget).get("password")));
          }}
        >
          <Field
            label={t("account.password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={error}
          />
          <div className="actions">
            <button type="submit" className="danger-button">
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
