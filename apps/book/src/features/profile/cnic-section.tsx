import { CUSTOMER_CNIC_FIELDS } from "@visadesk/contract/customer-auth-constants";
import { formBody } from "@visadesk/contract/form-body";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CnicField } from "@/components/cnic-field";
import { Field } from "@/components/field";
import { SendFailure } from "@/components/send-failure";
import { api, errorMessage } from "@/lib/api";
import { onLiveNews } from "@/lib/live-bus";
import { type Customer, customerChanged, refresh } from "@/lib/session";
import { useLoad } from "@/lib/use-load";
import { useSubmit } from "@/lib/use-submit";

/** The CNIC number and both sides of the card, for staff to verify; where the check stands, and why not. */
export function CnicSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const { busy, failure, invalid, handle, retry } = useSubmit();
  // Staff verified or rejected the CNIC (or the stream was interrupted): where the check stands, anew.
  const shown = customer.cnicVerification;
  useEffect(
    () =>
      onLiveNews((news) => {
        if (!news.resync && !news.cnic) return;
        void api.GET("/api/customer/v1/me").then(({ data }) => {
          if (data && data.cnicVerification !== shown) customerChanged(data);
        });
      }),
    [shown],
  );
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
      {state === "rejected" ? <RejectionReason /> : null}
      <form noValidate onSubmit={handle(submit)}>
        <CnicField name={CUSTOMER_CNIC_FIELDS.cnic} required error={invalid[CUSTOMER_CNIC_FIELDS.cnic]} />
        <Field
          label={t("profile.cnicFront")}
          name={CUSTOMER_CNIC_FIELDS.front}
          type="file"
          accept="image/*"
          required
          error={invalid[CUSTOMER_CNIC_FIELDS.front]}
        />
        <Field
          label={t("profile.cnicBack")}
          name={CUSTOMER_CNIC_FIELDS.back}
          type="file"
          accept="image/*"
          required
          error={invalid[CUSTOMER_CNIC_FIELDS.back]}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <SendFailure message={failure} onRetry={retry} />
        {sent ? <p role="status">{t("profile.cnicSent")}</p> : null}
        <button type="submit" disabled={busy}>
          {t("profile.sendCnic")}
        </button>
      </form>
    </section>
  );
}

/** Staff's reason for rejecting the CNIC, as the account (GET me) tells it. */
function RejectionReason() {
  const { t } = useTranslation();
  const { state } = useLoad("cnic-rejection", async (signal) => {
    const { data, error } = await api.GET("/api/customer/v1/me", { signal });
    if (!data) throw error ?? new Error("me");
    return data.cnicRejectionReason;
  });
  if (state.status !== "done" || !state.data) return null;
  return (
    <p className="cnic-rejection">
      {t("profile.cnicRejectedBecause")} <bdi className="strong">{state.data}</bdi>
    </p>
  );
}
