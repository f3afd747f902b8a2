import { formBody } from "@visadesk/contract/form-body";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, type FormErrors, formErrorsOf } from "@/components/field";
import { PhoneHint } from "@/components/phone-hint";
import { SendFailure } from "@/components/send-failure";
import { api, pictureUrl } from "@/lib/api";
import { initials } from "@/lib/initials";
import { type Customer, customerChanged } from "@/lib/session";
import { useSubmit } from "@/lib/use-submit";

/** Every zone the browser knows, for the customer's own (times are shown in it everywhere). */
const ZONES: string[] =
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

export function DetailsSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState<"details" | "picture-removed" | null>(null);
  const { busy, failure, invalid, handle, run, retry } = useSubmit();
  const submit = async (formElement: HTMLFormElement) => {
    setSaved(null);
    const form = new FormData(formElement);
    const details = {
      firstName: String(form.get("firstName")),
      lastName: String(form.get("lastName")),
      phoneNumber: String(form.get("phoneNumber")),
      timeZone: String(form.get("timeZone")),
    };
    const picture = form.get("picture");
    // With a new picture the details go with it as a form; without one, as JSON.
    const { data, error } =
      picture instanceof File && picture.size > 0
        ? await api.PATCH("/api/customer/v1/me", {
            body: { ...details, picture },
            bodySerializer: formBody,
          })
        : await api.PATCH("/api/customer/v1/me", { body: details });
    if (data) {
      customerChanged(data);
      setErrors({});
      setSaved("details");
      const input = formElement.elements.namedItem("picture");
      if (input instanceof HTMLInputElement) input.value = "";
    } else setErrors(formErrorsOf(error));
  };
  const removePicture = async () => {
    setSaved(null);
    const { data, error } = await api.DELETE("/api/customer/v1/me/picture");
    if (data) {
      customerChanged(data);
      setErrors({});
      setSaved("picture-removed");
    } else setErrors(formErrorsOf(error));
  };
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ");
  const picture = pictureUrl(customer.profilePic, "full");
  return (
    <section className="profile-section" aria-labelledby="details-title">
      <h2 id="details-title">{t("profile.details")}</h2>
      <p className="muted">{customer.email}</p>
      <div className="my-picture">
        <span className="avatar avatar-large">
          {picture ? (
            <img src={picture} alt={t("profile.picture")} width={96} height={96} />
          ) : (
            <span role="img" aria-label={t("profile.noPicture")}>
              {initials(name || customer.userName)}
            </span>
          )}
        </span>
        {picture ? (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => void run(removePicture)}
          >
            {t("profile.removePicture")}
          </button>
        ) : null}
      </div>
      <form noValidate onSubmit={handle(submit)}>
        <Field
          label={t("account.firstName")}
          name="firstName"
          defaultValue={customer.firstName ?? ""}
          required
          maxLength={100}
          error={invalid.firstName ?? errors.fields?.firstName}
        />
        <Field
          label={t("account.lastName")}
          name="lastName"
          defaultValue={customer.lastName ?? ""}
          required
          maxLength={100}
          error={invalid.lastName ?? errors.fields?.lastName}
        />
        <Field
          label={t("account.phone")}
          name="phoneNumber"
          type="tel"
          defaultValue={customer.phoneNumber ?? ""}
          required
          maxLength={30}
          dir="ltr"
          data-rule="phone"
          hint={<PhoneHint />}
          error={invalid.phoneNumber ?? errors.fields?.phoneNumber}
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
        <Field
          label={t("profile.newPicture")}
          hint={t("profile.pictureHint")}
          name="picture"
          type="file"
          accept="image/*"
          error={errors.fields?.picture}
        />
        {errors.message && !errors.fields ? (
          <p className="form-error" role="alert">
            {errors.message}
          </p>
        ) : null}
        {saved ? (
          <p role="status">{t(saved === "details" ? "profile.saved" : "profile.pictureRemoved")}</p>
        ) : null}
        <SendFailure message={failure} onRetry={retry} />
        <button type="submit" disabled={busy}>
          {t("profile.save")}
        </button>
      </form>
    </section>
  );
}
