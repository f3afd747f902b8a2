import { DESCRIPTION_MAX_LENGTH } from "@visadesk/contract/appointments-constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { formErrorsOf } from "@/components/field";
import { currentLanguage } from "@/i18n/i18n";
import { api } from "@/lib/api";
import { formatClock, formatDay, zoneLabel } from "@/lib/format";
import { useSession } from "@/lib/session";
import { useLoad } from "@/lib/use-load";

/** How many days the week strip shows from today. */
const DAYS = 7;

const isoDay = (date: Date, zone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);

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
  const from = isoDay(new Date(), zone);
  const to = isoDay(new Date(Date.now() + (DAYS - 1) * 86_400_000), zone);
  const [reload, setReload] = useState(0);
  const { state } = useLoad(`${consultantId}:${from}:${reload}`, async (signal) => {
    const { data, error } = await api.GET("/api/customer/v1/consultants/{id}/availability", {
      params: { path: { id: consultantId }, query: { from, to } },
      signal,
    });
    if (!data) throw error ?? new Error("availability");
    return data;
  });
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<{ time: string; startsAt: string } | null>(null);
  const [taken, setTaken] = useState(false);
  const [booked, setBooked] = useState<{ date: string; time: string } | null>(null);

  if (booked) {
    return (
      <section className="profile-section notice" aria-labelledby="free-times-title" role="status">
        <h2 id="free-times-title">{t("booking.bookedTitle")}</h2>
        <p>
          {t("booking.booked", {
            day: formatDay(booked.date, language),
            time: formatClock(booked.time, language),
          })}
        </p>
        <Link to="/appointments">{t("account.myAppointments")}</Link>
      </section>
    );
  }
  const days = state.status === "done" ? state.data.days : [];
  const chosenDay =
    days.find((candidate) => candidate.date === day) ?? days.find((candidate) => candidate.slots.length > 0);
  return (
    <section className="profile-section" aria-labelledby="free-times-title">
      <h2 id="free-times-title">{t("consultant.freeTimes")}</h2>
      <p className="muted">{t("consultant.hoursZone", { zone: zoneLabel(zone, language) })}</p>
      {taken ? (
        <p className="form-error" role="alert">
          {t("booking.taken")}
        </p>
      ) : null}
      {state.status === "loading" ? <div className="skeleton skeleton-card" aria-hidden="true" /> : null}
      {state.status === "failed" ? <p role="alert">{t("booking.timesFailed")}</p> : null}
      {state.status === "done" && !chosenDay ? <p>{t("booking.noTimes")}</p> : null}
      {chosenDay ? (
        <>
          <fieldset className="day-strip">
            <legend className="visually-hidden">{t("booking.days")}</legend>
            {days.map((candidate) => (
              <button
                key={candidate.date}
                type="button"
                className="day"
                aria-pressed={candidate.date === chosenDay.date}
                disabled={candidate.slots.length === 0}
                onClick={() => {
                  setDay(candidate.date);
                  setSlot(null);
                }}
              >
                {formatDay(candidate.date, language)}
              </button>
            ))}
          </fieldset>
          <fieldset className="slots">
            <legend className="visually-hidden">
              {t("booking.timesOf", { day: formatDay(chosenDay.date, language) })}
            </legend>
            {chosenDay.slots.map((candidate) => (
              <button
                key={candidate.startsAt}
                type="button"
                className="slot"
                aria-pressed={slot?.startsAt === candidate.startsAt}
                onClick={() => setSlot(candidate)}
              >
                {formatClock(candidate.time, language)}
              </button>
            ))}
          </fieldset>
        </>
      ) : null}
      {slot && chosenDay ? (
        <BookingForm
          consultantId={consultantId}
          slot={slot}
          label={t("booking.confirmTime", {
            day: formatDay(chosenDay.date, language),
            time: formatClock(slot.time, language),
          })}
          onBooked={() => setBooked({ date: chosenDay.date, time: slot.time })}
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
  const [busy, setBusy] = useState(false);
  const submit = async (description: string) => {
    setBusy(true);
    const { response, error: refused } = await api.POST("/api/customer/v1/appointments", {
      body: { consultantId: props.consultantId, startsAt: props.slot.startsAt, description },
    });
    setBusy(false);
    if (response.ok) props.onBooked();
    else if (response.status === 409) props.onTaken();
    else {
      const errors = formErrorsOf(refused);
      setError(errors.fields?.description ?? errors.message ?? t("booking.failed"));
    }
  };
  return (
    <form
      className="booking-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(String(new FormData(event.currentTarget).get("description")));
      }}
    >
      <p className="strong">{props.label}</p>
      <label htmlFor="booking-description">{t("booking.description")}</label>
      <textarea
        id="booking-description"
        name="description"
        required
        maxLength={DESCRIPTION_MAX_LENGTH}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "booking-error" : undefined}
      />
      {error ? (
        <p id="booking-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? t("booking.booking") : t("booking.book")}
      </button>
    </form>
  );
}
