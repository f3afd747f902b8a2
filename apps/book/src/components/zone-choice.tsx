import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "@/i18n/i18n";
import { isolate, zoneLabel } from "@/lib/format";

/** The browser's own zone (where Intl knows it). */
export const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

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
