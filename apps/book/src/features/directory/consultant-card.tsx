import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { currentLanguage } from "@/i18n/i18n";
import { pictureUrl } from "@/lib/api";
import { countryName, formatList, formatMoney, formatNumber } from "@/lib/format";
import { initials } from "@/lib/initials";
import type { DirectoryItem } from "./use-directory";

/** One consultant in the directory: picture, name (the link to their profile), what they offer, fee, rating. */
export function ConsultantCard({ consultant }: { consultant: DirectoryItem }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const picture = pictureUrl(consultant.logoUrl ?? consultant.profilePic);
  return (
    <article className="card consultant-card">
      <div className="avatar" aria-hidden="true">
        {picture ? (
          <img src={picture} alt="" width={56} height={56} loading="lazy" />
        ) : (
          initials(consultant.name)
        )}
      </div>
      <div className="card-body">
        <h2 className="card-title">
          <Link to={`/consultants/${encodeURIComponent(consultant.guidId)}`}>{consultant.name}</Link>
        </h2>
        <p className="muted">{consultant.businessName}</p>
        {consultant.isPremium ? <span className="badge">{t("consultant.premium")}</span> : null}
        {consultant.visaOffer ? <p className="clamp">{consultant.visaOffer}</p> : null}
        <dl className="facts">
          <div>
            <dt>{t("consultant.fee")}</dt>
            <dd>
              {consultant.fee === null
                ? t("consultant.feeOnRequest")
                : formatMoney(consultant.fee, consultant.currency, language)}
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
        </dl>
      </div>
    </article>
  );
}
