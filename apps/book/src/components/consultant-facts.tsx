import type { paths } from "@visadesk/contract/generated/customer-api";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "@/i18n/i18n";
import { countryName, formatList, formatMoney, formatNumber, languageName } from "@/lib/format";
import { Iso } from "./iso";
import "./consultant-facts.css";

type Summary =
  paths["/api/customer/v1/consultants"]["get"]["responses"][200]["content"]["application/json"]["data"][number];

/** A consultant's fee in the reader's language (kept whole in Urdu), or that it is given on request. */
export function Fee({ consultant }: { consultant: Pick<Summary, "fee" | "currency"> }) {
  const { t } = useTranslation();
  if (consultant.fee === null) return t("consultant.feeOnRequest");
  return <Iso>{formatMoney(consultant.fee, consultant.currency, currentLanguage())}</Iso>;
}

/**
 * What customers compare consultants by: fee, rating, experience, countries, languages (and, on a profile, satisfied
 * clients). The directory's cards and the profile show the same facts the same way.
 */
export function ConsultantFacts({
  consultant,
  satisfiedClients = null,
}: {
  consultant: Summary;
  satisfiedClients?: number | null;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <dl className="facts">
      <div>
        <dt>{t("consultant.fee")}</dt>
        <dd>
          <Fee consultant={consultant} />
        </dd>
      </div>
      <div>
        <dt>{t("directory.rating")}</dt>
        <dd>
          {consultant.rating === null
            ? t("consultant.unrated")
            : t("consultant.rating", { rating: formatNumber(consultant.rating, language) })}
        </dd>
      </div>
      {consultant.experience === null ? null : (
        <div>
          <dt>{t("consultant.experienceLabel")}</dt>
          <dd>{t("consultant.experience", { count: consultant.experience })}</dd>
        </div>
      )}
      {satisfiedClients === null ? null : (
        <div>
          <dt>{t("consultant.satisfiedClientsLabel")}</dt>
          <dd>{t("consultant.satisfiedClients", { count: satisfiedClients })}</dd>
        </div>
      )}
      {consultant.country.length > 0 ? (
        <div>
          <dt>{t("consultant.countries")}</dt>
          <dd>
            {formatList(
              consultant.country.map((country) => countryName(country, language)),
              language,
            )}
          </dd>
        </div>
      ) : null}
      {consultant.languagesSpoken.length > 0 ? (
        <div>
          <dt>{t("consultant.languages")}</dt>
          <dd>
            {formatList(
              consultant.languagesSpoken.map((spoken) => languageName(spoken, t)),
              language,
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
