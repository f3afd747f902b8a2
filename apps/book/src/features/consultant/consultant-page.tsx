import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ConsultantFacts } from "@/components/consultant-facts";
import { api, pictureUrl } from "@/lib/api";
import { initials } from "@/lib/initials";
import { usePageTitle } from "@/lib/page-title";
import { forgetServed, servedData } from "@/lib/served-page";
import { useLoad } from "@/lib/use-load";
import { FreeTimes } from "./free-times";
import { Offices } from "./offices";
import type { PublicConsultant } from "./public-consultant";
import { ShareProfile } from "./share-profile";
import { WeeklyHours } from "./weekly-hours";
import "./consultant.css";

class NotListed extends Error {}

/** /consultants/{guidId}: a consultant's public profile, the address a customer shares. */
export default function ConsultantPage() {
  const { guidId = "" } = useParams();
  const { t } = useTranslation();
  // Painted by the server: the same profile at once, so the page the reader already sees does not change.
  const [served] = useState(() => servedData<PublicConsultant>(guidId));
  useEffect(() => forgetServed(), []);
  const { state, retry } = useLoad(
    guidId,
    async (signal) => {
      const { data, response } = await api.GET("/api/customer/v1/consultants/{id}", {
        params: { path: { id: guidId } },
        signal,
      });
      if (response.status === 404) throw new NotListed();
      if (!data) throw new Error(`The profile answered ${response.status}`);
      return data;
    },
    served,
  );
  usePageTitle(state.status === "done" ? state.data.name : undefined);

  const back = (
    <Link to="/" className="back">
      <span className="flip-in-rtl" aria-hidden="true">
        ←
      </span>{" "}
      {t("consultant.back")}
    </Link>
  );
  if (state.status === "loading") {
    return (
      <>
        {back}
        <p className="visually-hidden" role="status">
          {t("consultant.loading")}
        </p>
        <div className="skeleton skeleton-page" aria-hidden="true" />
      </>
    );
  }
  if (state.status === "failed") {
    const notListed = state.error instanceof NotListed;
    return (
      <>
        {back}
        <div className="notice" role="alert">
          <p>
            {notListed ? t("consultant.notFound") : state.offline ? t("app.offline") : t("consultant.failed")}
          </p>
          {notListed ? null : (
            <button type="button" onClick={retry}>
              {t("app.retry")}
            </button>
          )}
        </div>
      </>
    );
  }
  return (
    <>
      {back}
      <Profile consultant={state.data} />
    </>
  );
}

function Profile({ consultant }: { consultant: PublicConsultant }) {
  const { t } = useTranslation();
  const picture = pictureUrl(consultant.logoUrl ?? consultant.profilePic, "full");
  return (
    <article className="profile">
      <header className="profile-header">
        <div className="avatar avatar-large" aria-hidden="true">
          {picture ? <img src={picture} alt="" width={96} height={96} /> : initials(consultant.name)}
        </div>
        <div>
          <h1>{consultant.name}</h1>
          <p className="muted">{consultant.businessName}</p>
          {consultant.isPremium ? <span className="badge">{t("consultant.premium")}</span> : null}
        </div>
      </header>
      <ShareProfile name={consultant.name} />
      <ConsultantFacts consultant={consultant} satisfiedClients={consultant.satisfiedClients} />
      {consultant.aboutInfo ? <Section title={t("consultant.about")} text={consultant.aboutInfo} /> : null}
      {consultant.services ? <Section title={t("consultant.services")} text={consultant.services} /> : null}
      {consultant.visaOffer ? (
        <Section title={t("consultant.visaOffer")} text={consultant.visaOffer} />
      ) : null}
      {consultant.website && /^https?:\/\//i.test(consultant.website) ? (
        <p>
          <a href={consultant.website} rel="noopener noreferrer nofollow ugc" target="_blank">
            {t("consultant.website")}
          </a>
        </p>
      ) : null}
      <WeeklyHours consultant={consultant} />
      <FreeTimes consultant={consultant} />
      <Offices addresses={consultant.addresses} />
    </article>
  );
}

function Section({ title, text }: { title: string; text: string }) {
  return (
    <section className="profile-section">
      <h2>{title}</h2>
      <p className="prose">{text}</p>
    </section>
  );
}
