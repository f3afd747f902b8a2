import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, type FormErrors, formErrorsOf } from "@/components/field";
import { api } from "@/lib/api";
import { type Customer, customerChanged } from "@/lib/session";

/** Every zone the browser knows, for the customer's own (times are shown in it everywhere). */
const ZONES: string[] =
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

export function DetailsSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState(false);
  const submit = async (form: FormData) => {
    setSaved(false);
    const { data, error } = await api.PATCH("/api/customer/v1/me", {
      body: {
        firstName: String(form.get("firstName")),
        lastName: String(form.get("lastName")),
        phoneNumber: String(form.get("phoneNumber")),
        timeZone: String(form.get("timeZone")),
      },
    });
    if (data) {
      customerChanged(data);
      setErrors({});
      setSaved(true);
    } else setErrors(formErrorsOf(error));
  };
  return (
    <section className="profile-section" aria-labelledby="details-title">
      <h2 id="details-title">{t("profile.details")}</h2>
      <p className="muted">{customer.email}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(new FormData(event.currentTarget));
        }}
      >
        <Field
          label={t("account.firstName")}
          name="firstName"
          defaultValue={customer.firstName ?? ""}
          required
          maxLength={100}
          error={errors.fields?.firstName}
        />
        <Field
          label={t("account.lastName")}
          name="lastName"
          defaultValue={customer.lastName ?? ""}
          required
          maxLength={100}
          error={errors.fields?.lastName}
        />
        <Field
          label={t("account.phone")}
          name="phoneNumber"
          type="tel"
          defaultValue={customer.phoneNumber ?? ""}
          required
          maxLength={30}
          error={errors.fields?.phoneNumber}
        />
        <div className="field">
          <label htmlFor="time-zone">{t("profile.timeZone")}</label>
          <select id="time-zone" name="timeZone" defaultValue={customer.timeZone}>
            {(ZONES.includes(customer.timeZone) ? ZONES : [customer.timeZone, ...ZONES]).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
        {errors.message && !errors.fields ? (
          <p className="form-error" role="alert">
            {errors.message}
          </p>
        ) : null}
        {saved ? <p role="status">{t("profile.saved")}</p> : null}
        <button type="submit">{t("profile.save")}</button>
      </form>
    </section>
  );
}
