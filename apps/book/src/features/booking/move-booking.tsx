import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formErrorsOf } from "@/components/field";
import { SendFailure } from "@/components/send-failure";
import { type PickedSlot, SlotPicker } from "@/components/slot-picker";
import { useChosenZone, ZoneChoice } from "@/components/zone-choice";
import { currentLanguage } from "@/i18n/i18n";
import { api } from "@/lib/api";
import { formatClock, formatDay, isolate } from "@/lib/format";
import { useSubmit } from "@/lib/use-submit";
import type { Booking } from "./booking";

/** Moving an appointment: the same picker as booking, then one request that keeps every booking rule. */
export function MoveBooking({
  booking,
  onMoved,
  onClose,
}: {
  booking: Booking;
  onMoved: (said: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  // The same zone choice as the booking's free times (the customer's own, kept in their profile).
  const [zone, chooseZone] = useChosenZone();
  const [reload, setReload] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const { busy, failure, run, retry } = useSubmit();
  const move = async (picked: PickedSlot) => {
    const {
      data,
      response,
      error: refused,
    } = await api.POST("/api/customer/v1/appointments/{id}/reschedule", {
      params: { path: { id: booking.guidId } },
      body: { startsAt: picked.startsAt },
    });
    if (data) {
      onMoved(
        t("booking.movedDone", {
          // As the customer picked it, in the zone they chose to see times in.
          day: isolate(formatDay(picked.date, language), language),
          time: isolate(formatClock(picked.time, language), language),
        }),
      );
    } else if (response.status === 409) {
      setError(t("booking.taken"));
      setSlot(null);
      setReload((count) => count + 1);
    } else setError(formErrorsOf(refused).message ?? t("booking.moveFailed"));
  };
  return (
    <fieldset className="move">
      <legend className="strong">{t("booking.moveTitle")}</legend>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ZoneChoice
        zone={zone}
        onChange={(next) => {
          setSlot(null);
          void chooseZone(next);
        }}
      />
      <SlotPicker
        consultantId={booking.consultant.guidId}
        zone={zone}
        picked={slot}
        onPick={setSlot}
        reloadKey={reload}
      />
      {slot?.changeLocked ? (
        <p className="notice locked-warning" role="note">
          {t("booking.lockedMoveWarning", { hours: isolate(String(slot.changeLockedHours), language) })}
        </p>
      ) : null}
      <SendFailure message={failure} onRetry={retry} />
      <div className="actions">
        {slot ? (
          <button type="button" disabled={busy} onClick={() => void run(() => move(slot))}>
            {t("booking.moveTo", {
              day: isolate(formatDay(slot.date, language), language),
              time: isolate(formatClock(slot.time, language), language),
            })}
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={onClose}>
          {t("booking.keep")}
        </button>
      </div>
    </fieldset>
  );
}
