import { CUSTOMER_CNIC_FIELDS } from "@visadesk/contract/customer-auth-constants";
import { formBody } from "@visadesk/contract/form-body";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/field";
import { api, errorMessage } from "@/lib/api";
import { type Customer, refresh } from "@/lib/session";

/** The CNIC number and both sides of the card, for staff to verify; where the check stands. */
export function CnicSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const submit = async (form: HTMLFormElement) => {
    setSent(false);
    const data = new FormData(form);
    const front = data.get(CUSTOMER_CNIC_FIELDS.front);
    const back = data.get(CUSTOMER_CNIC_FIELDS.back);
    if (!(front instanceof File) || !(back instanceof File)) return;
    const { response, error: refused } = await api.PUT("/api/customer/v1/me/cnic", {
      body: { cnic: String(data.get(CUSTOMER_CNIC_FIELDS.cnic)), cnicFront: front, cnicBack: back },
      bodySerializer: formBody,
    });
    if (response.ok) {
      setError(undefined);
      setSent(true);
      form.reset();
      // The verification state comes with the customer: fetch it anew.
      await refresh();
    } else {
      setError(errorMessage(refused) ?? t("profile.cnicFailed"));
    }
  };
  const state = customer.cnicVerification ?? "none";
  return (
    <section className="profile-section" aria-labelledby="cnic-title">
      <h2 id="cnic-title">{t("profile.cnic")}</h2>
      <p>
        {t("profile.cnicState")}: <span className="strong">{t(`profile.cnicStates.${state}`)}</span>
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(event.currentTarget);
        }}
      >
        <Field
          label={t("account.cnic")}
          name={CUSTOMER_CNIC_FIELDS.cnic}
          inputMode="numeric"
          pattern="\d{5}-\d{7}-\d"
          hint={t("account.cnicHint")}
          required
        />
        <Field
          label={t("profile.cnicFront")}
          name={CUSTOMER_CNIC_FIELDS.front}
          type="file"
          accept="image/*"
          required
        />
        <Field
          label={t("profile.cnicBack")}
          name={CUSTOMER_CNIC_FIELDS.back}
          type="file"
          accept="image/*"
          required
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {sent ? <p role="status">{t("profile.cnicSent")}</p> : null}
        <button type="submit">{t("profile.sendCnic")}</button>
      </form>
    </section>
  );
}
