import { useEffect, useState } from "react";
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
  /** Booked, it could not be moved or cancelled online (it starts within the no-change window). */
  changeLocked: boolean;
  /** How long an appointment lasts, in minutes. */
  slotMinutes: number;
  /** The hours before a start from which a booking is locked. */
  changeLockedHours: number;
}

/**
 * A consultant's free times for the next week in the zone shown (named): a strip of days, then the chosen
 * day's times, each a button that says whether it is picked (and, marked, whether booking it would lock it at
 * once). `reloadKey` asks for the times anew (after a time was taken meanwhile); `wanted` picks the time with
 * that start once it is loaded (a choice kept over signing in). Booking and moving both pick through it.
 */
export function SlotPicker({
  consultantId,
  zone,
  picked,
  onPick,
  reloadKey = 0,
  wanted,
}: {
  consultantId: string;
  zone: string;
  picked: PickedSlot | null;
  onPick: (slot: PickedSlot | null) => void;
  reloadKey?: number;
  wanted?: string | null;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const from = isoDay(new Date(), zone);
  const to = isoDay(new Date(Date.now() + (DAYS - 1) * 86_400_000), zone);
  const { state, retry } = useLoad(`${consultantId}:${zone}:${from}:${reloadKey}`, async (signal) => {
    const { data, error } = await api.GET("/api/customer/v1/consultants/{id}/availability", {
      params: { path: { id: consultantId }, query: { from, to, timeZone: zone } },
      signal,
    });
    if (!data) throw error ?? new Error("availability");
    return data;
  });
  const [day, setDay] = useState<string | null>(null);
  const days = state.status === "done" ? state.data.days : [];
  const answer = state.status === "done" ? state.data : null;
  const pick = (date: string, slot: { time: string; startsAt: string; changeLocked: boolean }) =>
    answer
      ? onPick({
          date,
          ...slot,
          slotMinutes: answer.slotMinutes,
          changeLockedHours: answer.changeLockedHours,
        })
      : undefined;
  // The time kept over a sign-in is picked again, on its day, once the times are here.
  const wantedDay = wanted
    ? days.find((candidate) => candidate.slots.some((s) => s.startsAt === wanted))
    : null;
  const wantedSlot = wantedDay?.slots.find((candidate) => candidate.startsAt === wanted);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the wanted time is first found
  useEffect(() => {
    if (wantedDay && wantedSlot && !picked) {
      setDay(wantedDay.date);
      pick(wantedDay.date, wantedSlot);
    }
  }, [wantedDay, wantedSlot]);
  const chosenDay =
    days.find((candidate) => candidate.date === day) ?? days.find((candidate) => candidate.slots.length > 0);
  const anyLocked = chosenDay?.slots.some((slot) => slot.changeLocked);
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
                data-locked={candidate.changeLocked || undefined}
                aria-describedby={candidate.changeLocked ? "slots-locked-note" : undefined}
                onClick={() => pick(chosenDay.date, candidate)}
              >
                <Iso>{formatClock(candidate.time, language)}</Iso>
                {candidate.changeLocked ? <span aria-hidden="true"> *</span> : null}
              </button>
            ))}
          </fieldset>
          {anyLocked && answer ? (
            <p id="slots-locked-note" className="muted">
              {t("booking.lockedNote", { hours: isolate(String(answer.changeLockedHours), language) })}
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
