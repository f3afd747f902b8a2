import { useTranslation } from "react-i18next";
import { Iso } from "@/components/iso";
import type { PublicConsultant } from "./public-consultant";

const mapLink = (place: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`;

/** The offices a customer may visit, each with a link that opens it in a map. */
export function Offices({ addresses }: { addresses: PublicConsultant["addresses"] }) {
  const { t } = useTranslation();
  return (
    <section className="profile-section" aria-labelledby="offices-title">
      <h2 id="offices-title">{t("consultant.offices")}</h2>
      {addresses.length === 0 ? (
        <p className="muted">{t("consultant.noOffices")}</p>
      ) : (
        <ul className="offices">
          {addresses.map((office) => {
            const place = [office.address, office.city, office.state, office.zipCode, office.country]
              .filter(Boolean)
              .join(", ");
            return (
              <li key={place}>
                <address>
                  <Iso dir="auto">{place}</Iso>
                </address>
                <a href={mapLink(place)} target="_blank" rel="noopener noreferrer">
                  {t("consultant.map", { place: office.city || office.address })}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
