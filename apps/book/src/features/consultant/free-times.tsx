import { DESCRIPTION_MAX_LENGTH } from "@visadesk/contract/appointments-constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { Fee } from "@/components/consultant-facts";
import { formErrorsOf } from "@/components/field";
import { Iso } from "@/components/iso";
import { SendFailure } from "@/components/send-failure";
import { type PickedSlot, SlotPicker } from "@/components/slot-picker";
import { useChosenZone, ZoneChoice } from "@/components/zone-choice";
import { currentLanguage } from "@/i18n/i18n";
import { api } from "@/lib/api";
import { formatClock, formatDay, isolate } from "@/lib/format";
import { useSession } from "@/lib/session";
import { useSubmit } from "@/lib/use-submit";
import type { PublicConsultant } from "./public-consultant";

/**
 * The consultant's free times for the next week, to anyone: in the zone chosen (the profile's when signed
 * in, else this browser's), a day strip, that day's times, and what booking the one picked means (fee,
 * duration, place, whether it would be locked at once). The time picked is kept in the address (?at=), so
 * signing in comes back to it; signed in, the booking form.
 */
export function FreeTimes({ consultant }: { consultant: PublicConsultant }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const language = currentLanguage();
  const [zone, chooseZone] = useChosenZone();
  const [reload, setReload] = useState(0);
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const [taken, setTaken] = useState(false);
  const [booked, setBooked] = useState<PickedSlot | null>(null);
  if (session.status === "unknown") return null;
  const customer = session.status === "signed-in" ? session.customer : null;
  const wanted = params.get("at");

  const changeZone = async (next: string) => {
    setSlot(null);
    await chooseZone(next);
  };
  const pick = (next: PickedSlot | null) => {
    setSlot(next);
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        if (next) kept.set("at", next.startsAt);
        else kept.delete("at");
        return kept;
      },
      { replace: true },
    );
  };

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
  const back = `${location.pathname}${slot ? `?${new URLSearchParams({ at: slot.startsAt })}` : ""}`;
  const when = slot
    ? {
        day: isolate(formatDay(slot.date, language), language),
        time: isolate(formatClock(slot.time, language), language),
      }
    : null;
  return (
    <section className="profile-section" aria-labelledby="free-times-title">
      <h2 id="free-times-title">{t("consultant.freeTimes")}</h2>
      {customer || slot ? null : (
        <p>
          <Link to={`/sign-in?${new URLSearchParams({ next: back })}`}>{t("account.signIn")}</Link>{" "}
          {t("booking.signInToBook")}
        </p>
      )}
      <ZoneChoice zone={zone} onChange={(next) => void changeZone(next)} />
      {taken ? (
        <p className="form-error" role="alert">
          {t("booking.taken")}
        </p>
      ) : null}
      <SlotPicker
        consultantId={consultant.guidId}
        zone={zone}
        picked={slot}
        onPick={pick}
        reloadKey={reload}
        wanted={wanted}
      />
      {slot && when ? <BookingFacts consultant={consultant} slot={slot} /> : null}
      {slot && when && !customer ? (
        <div className="booking-form">
          <p className="strong">{t("booking.chosenTime", when)}</p>
          <p>
            <Link className="button" to={`/sign-in?${new URLSearchParams({ next: back })}`}>
              {t("booking.signInToBookTime")}
            </Link>
          </p>
          <p>
            <Link to={`/sign-up?${new URLSearchParams({ next: back })}`}>
              {t("booking.signUpToBookTime")}
            </Link>
          </p>
        </div>
      ) : null}
      {slot && when && customer ? (
        <BookingForm
          consultantId={consultant.guidId}
          slot={slot}
          label={t("booking.confirmTime", when)}
          onBooked={() => {
            setBooked(slot);
            pick(null);
          }}
          onTaken={() => {
            setTaken(true);
            pick(null);
            setReload((count) => count + 1);
          }}
        />
      ) : null}
    </section>
  );
}

/** What booking the picked time means: its fee, how long it lasts, where, and whether it locks at once. */
function BookingFacts({ consultant, slot }: { consultant: PublicConsultant; slot: PickedSlot }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const office = consultant.addresses[0];
  const place = office
    ? [office.address, office.city, office.state, office.zipCode, office.country].filter(Boolean).join(", ")
    : null;
  return (
    <>
      <dl className="booking-facts">
        <div>
          <dt>{t("booking.fee")}</dt>
          <dd>
            <Fee consultant={consultant} />
          </dd>
        </div>
        <div>
          <dt>{t("booking.duration")}</dt>
          <dd>{t("booking.minutes", { count: slot.slotMinutes })}</dd>
        </div>
        <div>
          <dt>{t("booking.place")}</dt>
          <dd>{place ? <Iso dir="auto">{place}</Iso> : t("booking.online")}</dd>
        </div>
      </dl>
      {slot.changeLocked ? (
        <p className="notice locked-warning" role="note">
          {t("booking.lockedWarning", { hours: isolate(String(slot.changeLockedHours), language) })}
        </p>
      ) : null}
    </>
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
