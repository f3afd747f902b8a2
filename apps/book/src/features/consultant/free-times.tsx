import { DESCRIPTION_MAX_LENGTH } from "@visadesk/contract/appointments-constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { formErrorsOf } from "@/components/field";
import { SendFailure } from "@/components/send-failure";
import { type PickedSlot, SlotPicker } from "@/components/slot-picker";
import { currentLanguage } from "@/i18n/i18n";
import { api } from "@/lib/api";
import { formatClock, formatDay, isolate } from "@/lib/format";
import { useSession } from "@/lib/session";
import { useSubmit } from "@/lib/use-submit";

/**
 * The consultant's free times for the next week in the customer's own zone: a day strip, that day's times,
 * and the booking of the one picked. Signed out, a way to sign in and come back here.
 */
export function FreeTimes({ consultantId }: { consultantId: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.status === "unknown") return null;
  if (session.status !== "signed-in" || !session.customer) {
    return (
      <section className="profile-section" aria-labelledby="free-times-title">
        <h2 id="free-times-title">{t("consultant.freeTimes")}</h2>
        <p>
          <Link to={`/sign-in?${new URLSearchParams({ next: location.pathname })}`}>
            {t("account.signIn")}
          </Link>{" "}
          {t("booking.signInToBook")}
        </p>
      </section>
    );
  }
  return <SignedInFreeTimes consultantId={consultantId} zone={session.customer.timeZone} />;
}

function SignedInFreeTimes({ consultantId, zone }: { consultantId: string; zone: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [reload, setReload] = useState(0);
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const [taken, setTaken] = useState(false);
  const [booked, setBooked] = useState<PickedSlot | null>(null);

  if (booked) {
    return (
      <section className="profile-section notice" aria-labelledby="free-times-title" role="status">
        <h2 id="free-times-title">{t("booking.bookedTitle")}</h2>
        <p>
          {t("booking.booked", {
            day: isolate(formatDay(booked.date, language), language),
            time: isolate(formatClock(booked.time, language), language),
          })}
        </p>
        <Link to="/appointments">{t("account.myAppointments")}</Link>
      </section>
    );
  }
  return (
    <section className="profile-section" aria-labelledby="free-times-title">
      <h2 id="free-times-title">{t("consultant.freeTimes")}</h2>
      {taken ? (
        <p className="form-error" role="alert">
          {t("booking.taken")}
        </p>
      ) : null}
      <SlotPicker consultantId={consultantId} zone={zone} picked={slot} onPick={setSlot} reloadKey={reload} />
      {slot ? (
        <BookingForm
          consultantId={consultantId}
          slot={slot}
          label={t("booking.confirmTime", {
            day: isolate(formatDay(slot.date, language), language),
            time: isolate(formatClock(slot.time, language), language),
          })}
          onBooked={() => setBooked(slot)}
          onTaken={() => {
            setTaken(true);
            setSlot(null);
            setReload((count) => count + 1);
          }}
        />
      ) : null}
    </section>
  );
}

function BookingForm(props: {
  consultantId: string;
  slot: { startsAt: string };
  label: string;
  onBooked: () => void;
  onTaken: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const { busy, failure, invalid, handle, retry } = useSubmit();
  const submit = async (form: HTMLFormElement) => {
    const description = String(new FormData(form).get("description"));
    const { response, error: refused } = await api.POST("/api/customer/v1/appointments", {
      body: { consultantId: props.consultantId, startsAt: props.slot.startsAt, description },
    });
    if (response.ok) props.onBooked();
    else if (response.status === 409) props.onTaken();
    else {
      const errors = formErrorsOf(refused);
      setError(errors.fields?.description ?? errors.message ?? t("booking.failed"));
    }
  };
  const shownError = invalid.description ?? error;
  return (
    <form className="booking-form" noValidate onSubmit={handle(submit)}>
      <p className="strong">{props.label}</p>
      <label htmlFor="booking-description">{t("booking.description")}</label>
      <textarea
        id="booking-description"
        name="description"
        dir="auto"
        required
        maxLength={DESCRIPTION_MAX_LENGTH}
        rows={3}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? "booking-error" : undefined}
      />
      {shownError ? (
        <p id="booking-error" className="field-error" role="alert">
          {shownError}
        </p>
      ) : null}
      <SendFailure message={failure} onRetry={retry} />
      <button type="submit" disabled={busy}>
        {busy ? t("booking.booking") : t("booking.book")}
      </button>
    </form>
  );
}
