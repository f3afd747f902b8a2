import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Iso } from "@/components/iso";
import { currentLanguage } from "@/i18n/i18n";
import { formatClock, weekdayName, zoneLabel } from "@/lib/format";
import type { PublicConsultant } from "./public-consultant";

/** The consultant's week, Monday first, in their own zone (named), as the reader's language writes times. */
export function WeeklyHours({ consultant }: { consultant: PublicConsultant }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <section className="profile-section" aria-labelledby="hours-title">
      <h2 id="hours-title">{t("consultant.hours")}</h2>
      <p className="muted">{t("consultant.hoursZone", { zone: zoneLabel(consultant.timeZone, language) })}</p>
      {consultant.defaultHours ? <p>{t("consultant.defaultHours")}</p> : null}
      <table className="hours">
        <tbody>
          {consultant.weeklyHours.map((day, index) => (
            <tr key={day.day}>
              <th scope="row">{weekdayName(index, language)}</th>
              <td>
                {day.ranges.length === 0
                  ? t("consultant.closed")
                  : day.ranges.map((range, position) => (
                      <Fragment key={range.start}>
                        {position > 0 ? ", " : null}
                        <Iso>
                          {formatClock(range.start, language)} – {formatClock(range.end, language)}
                        </Iso>
                      </Fragment>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
