import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "@/i18n/i18n";
import { api } from "@/lib/api";
import { isolate, zoneLabel } from "@/lib/format";
import { customerChanged, useSession } from "@/lib/session";

/** The browser's own zone (where Intl knows it). */
export const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

const ZONE_KEY = "visadesk-book-zone";
function rememberedZone(): string {
  try {
    return localStorage.getItem(ZONE_KEY) ?? browserZone();
  } catch {
    return browserZone();
  }
}

/**
 * The zone free times are shown in, one choice wherever times are picked (booking, moving): the signed-in
 * customer's own (a change saved in their profile), else this browser's, remembered here.
 */
export function useChosenZone(): [string, (zone: string) => Promise<void>] {
  const session = useSession();
  const [visitorZone, setVisitorZone] = useState(rememberedZone);
  const customer = session.status === "signed-in" ? session.customer : null;
  const change = async (next: string) => {
    if (!customer) {
      setVisitorZone(next);
      try {
        localStorage.setItem(ZONE_KEY, next);
      } catch {
        // No storage: the choice holds for this visit.
      }
      return;
    }
    customerChanged({ ...customer, timeZone: next });
    const { data } = await api.PATCH("/api/customer/v1/me", { body: { timeZone: next } });
    if (data) customerChanged(data);
  };
  return [customer?.timeZone ?? visitorZone, change];
}

/** Every zone Intl knows, each with its offset from UTC today ("GMT+5"), west to east. */
function zonesWithOffsets(): { zone: string; offset: string; minutes: number }[] {
  const all =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  const now = new Date();
  return all
    .map((zone) => {
      const offset =
        new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "shortOffset" })
          .formatToParts(now)
          .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
      const [, sign = "+", hours = "0", minutes = "0"] = /GMT([+-])?(\d+)?(?::(\d+))?/.exec(offset) ?? [];
      const total = (Number(hours) * 60 + Number(minutes)) * (sign === "-" ? -1 : 1);
      return { zone, offset: offset === "GMT" ? "GMT+0" : offset, minutes: total };
    })
    .sort((a, b) => a.minutes - b.minutes || a.zone.localeCompare(b.zone));
}

/**
 * The zone the times are shown in: a searchable box (the zones' ids, each with its current offset), which
 * takes a zone once one known is typed or picked. The caller remembers it (in the profile when signed in).
 */
export function ZoneChoice({ zone, onChange }: { zone: string; onChange: (zone: string) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const id = useId();
  const zones = useMemo(zonesWithOffsets, []);
  const known = useMemo(() => new Set(zones.map((entry) => entry.zone)), [zones]);
  const [typed, setTyped] = useState(zone);
  const current = zones.find((entry) => entry.zone === zone);
  return (
    <div className="zone-choice">
      <label htmlFor={`${id}-zone`}>{t("booking.zone")}</label>
      <input
        id={`${id}-zone`}
        type="search"
        dir="ltr"
        list={`${id}-zones`}
        value={typed}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-zone-hint`}
        onChange={(event) => {
          const value = event.target.value.trim();
          setTyped(event.target.value);
          if (known.has(value) && value !== zone) onChange(value);
        }}
        onBlur={() => setTyped(zone)}
      />
      <datalist id={`${id}-zones`}>
        {zones.map((entry) => (
          <option
            key={entry.zone}
            value={entry.zone}
            label={`${entry.zone.replaceAll("_", " ")} (${entry.offset})`}
          />
        ))}
      </datalist>
      <p id={`${id}-zone-hint`} className="muted">
        {current ? `${zoneLabel(zone, language)} ${isolate(current.offset, language)} · ` : ""}
        {t("booking.zoneHint")}
      </p>
    </div>
  );
}
