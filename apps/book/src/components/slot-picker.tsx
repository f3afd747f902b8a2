import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "@/i18n/i18n";
import { api } from "@/lib/api";
import { formatClock, formatDay, isolate, zoneLabel } from "@/lib/format";
import { useLoad } from "@/lib/use-load";
import { Iso } from "./iso";
import "./slot-picker.css";

/** How many days the strip shows from today. */
const DAYS = 7;

const isoDay = (date: Date, zone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);

export interface PickedSlot {
  date: string;
  time: string;
  startsAt: string;
}

/**
 * A consultant's free times for the next week in the customer's zone (named): a strip of days, then the
 * chosen day's times, each a button that says whether it is picked. `reloadKey` asks for the times anew
 * (after a time was taken meanwhile). Booking and moving an appointment both pick through it.
 */
export function SlotPicker({
  consultantId,
  zone,
  picked,
  onPick,
  reloadKey = 0,
}: {
  consultantId: string;
  zone: string;
  picked: PickedSlot | null;
  onPick: (slot: PickedSlot | null) => void;
  reloadKey?: number;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const from = isoDay(new Date(), zone);
  const to = isoDay(new Date(Date.now() + (DAYS - 1) * 86_400_000), zone);
  const { state, retry } = useLoad(`${consultantId}:${from}:${reloadKey}`, async (signal) => {
    const { data, error } = await api.GET("/api/customer/v1/consultants/{id}/availability", {
      params: { path: { id: consultantId }, query: { from, to } },
      signal,
    });
    if (!data) throw error ?? new Error("availability");
    return data;
  });
  const [day, setDay] = useState<string | null>(null);
  const days = state.status === "done" ? state.data.days : [];
  const chosenDay =
    days.find((candidate) => candidate.date === day) ?? days.find((candidate) => candidate.slots.length > 0);
  return (
    <>
      <p className="muted">{t("consultant.hoursZone", { zone: zoneLabel(zone, language) })}</p>
      {state.status === "loading" ? <div className="skeleton skeleton-card" aria-hidden="true" /> : null}
      {state.status === "failed" ? (
        <div className="notice" role="alert">
          <p>{state.offline ? t("app.offline") : t("booking.timesFailed")}</p>
          <button type="button" className="secondary" onClick={retry}>
            {t("app.retry")}
          </button>
        </div>
      ) : null}
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
                  onPick(null);
                }}
              >
                {formatDay(candidate.date, language)}
              </button>
            ))}
          </fieldset>
          <fieldset className="slots">
            <legend className="visually-hidden">
              {t("booking.timesOf", { day: isolate(formatDay(chosenDay.date, language), language) })}
            </legend>
            {chosenDay.slots.map((candidate) => (
              <button
                key={candidate.startsAt}
                type="button"
                className="slot"
                aria-pressed={picked?.startsAt === candidate.startsAt}
                onClick={() => onPick({ date: chosenDay.date, ...candidate })}
              >
                <Iso>{formatClock(candidate.time, language)}</Iso>
              </button>
            ))}
          </fieldset>
        </>
      ) : null}
    </>
  );
}
