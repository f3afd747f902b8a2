import { DIRECTORY_SORTS, type DirectorySort } from "@visadesk/contract/customer-directory-constants";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "@/i18n/i18n";
import { countryName, formatNumber, languageName, visaTypeName } from "@/lib/format";
import { type DirectoryFilters, FILTER_NAMES } from "./directory-query";
import { useDirectoryChoices } from "./use-directory-choices";

/** The choices the data offers, and the chosen one even before they arrive (a shared address). */
const withChosen = (values: string[] | undefined, chosen: string) =>
  chosen && !values?.includes(chosen) ? [...(values ?? []), chosen] : (values ?? []);

const RATINGS = [4.5, 4, 3];

/**
 * Country, language, visa type (each a choice of what listed consultants have), fee range, rating and
 * order: each change goes into the address at once.
 */
export function DirectoryFilterFields({
  filters,
  onChange,
}: {
  filters: DirectoryFilters;
  onChange: (changes: Partial<DirectoryFilters>) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const choices = useDirectoryChoices();
  const filtered = FILTER_NAMES.some((name) => name !== "search" && filters[name] !== "");
  return (
    <details className="filters" open={filtered}>
      <summary>{t("directory.filters")}</summary>
      <div className="filter-grid">
        <label>
          <span>{t("directory.country")}</span>
          <select value={filters.country} onChange={(event) => onChange({ country: event.target.value })}>
            <option value="">{t("directory.anyCountry")}</option>
            {withChosen(choices?.countries, filters.country).map((country) => (
              <option key={country} value={country}>
                {countryName(country, language)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t("directory.language")}</span>
          <select value={filters.language} onChange={(event) => onChange({ language: event.target.value })}>
            <option value="">{t("directory.anyLanguage")}</option>
            {withChosen(choices?.languages, filters.language).map((spoken) => (
              <option key={spoken} value={spoken}>
                {languageName(spoken, t)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t("directory.visaType")}</span>
          <select value={filters.visaType} onChange={(event) => onChange({ visaType: event.target.value })}>
            <option value="">{t("directory.anyVisaType")}</option>
            {withChosen(choices?.visaTypes, filters.visaType).map((visaType) => (
              <option key={visaType} value={visaType}>
                {visaTypeName(visaType)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t("directory.minFee")}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            value={filters.minFee}
            onChange={(event) => onChange({ minFee: event.target.value })}
          />
        </label>
        <label>
          <span>{t("directory.maxFee")}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            value={filters.maxFee}
            onChange={(event) => onChange({ maxFee: event.target.value })}
          />
        </label>
        <label>
          <span>{t("directory.rating")}</span>
          <select value={filters.minRating} onChange={(event) => onChange({ minRating: event.target.value })}>
            <option value="">{t("directory.anyRating")}</option>
            {RATINGS.map((rating) => (
              <option key={rating} value={String(rating)}>
                {t("directory.ratingAtLeast", { rating: formatNumber(rating, language) })}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t("directory.sort")}</span>
          <select
            value={filters.sort}
            onChange={(event) => onChange({ sort: event.target.value as DirectorySort })}
          >
            {DIRECTORY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`directory.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {filtered ? (
        <button
          type="button"
          className="link-button"
          onClick={() =>
            onChange({ country: "", language: "", visaType: "", minFee: "", maxFee: "", minRating: "" })
          }
        >
          {t("directory.clear")}
        </button>
      ) : null}
    </details>
  );
}
