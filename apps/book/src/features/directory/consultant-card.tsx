import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConsultantFacts } from "@/components/consultant-facts";
import { pictureUrl } from "@/lib/api";
import { initials } from "@/lib/initials";
import type { DirectoryItem } from "./use-directory";

/** One consultant in the directory: picture, name (the link to their profile), what they offer, fee, rating. */
export function ConsultantCard({ consultant }: { consultant: DirectoryItem }) {
  const { t } = useTranslation();
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
        <ConsultantFacts consultant={consultant} />
      </div>
    </article>
  );
}
