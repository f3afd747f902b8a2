import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { chooseLanguage, currentLanguage, LANGUAGES, LOCALES } from "@/i18n/i18n";
import { useOnline } from "@/lib/online";

/** Every page's frame: a skip link, the brand, the language switch, an offline notice and the page. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const online = useOnline();
  const language = currentLanguage();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("app.skip")}
      </a>
      <header className="site-header">
        <Link to="/" className="brand">
          <img src={`${import.meta.env.BASE_URL}icon.svg`} alt="" width={28} height={28} />
          {t("app.name")}
        </Link>
        <label className="language">
          <span>{t("app.language")}</span>
          <select
            value={language}
            onChange={(event) => void chooseLanguage(event.target.value as typeof language)}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={LOCALES[code].locale}>
                {LOCALES[code].name}
              </option>
            ))}
          </select>
        </label>
      </header>
      {online ? null : (
        <p className="offline" role="status">
          {t("app.offline")}
        </p>
      )}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
