import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { chooseLanguage, currentLanguage, LANGUAGES, LOCALES } from "@/i18n/i18n";
import { pictureUrl } from "@/lib/api";
import { useOnline } from "@/lib/online";
import { signOut, useSession } from "@/lib/session";
import "./layout.css";

/** The sign-in page, coming back here afterwards (the account pages themselves lead home). */
const signInAddress = (here: string) =>
  here === "/" || /^\/(sign-|verify-|forgot-|reset-)/.test(here)
    ? "/sign-in"
    : `/sign-in?${new URLSearchParams({ next: here })}`;

/**
 * Every page's frame: a skip link, the brand, the language switch, the account's links (on a phone behind a
 * menu button), an offline notice and the page.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const online = useOnline();
  const language = currentLanguage();
  const session = useSession();
  const location = useLocation();
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  // A phone's menu closes when a link in it leads to another page, or the customer signs in or out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's address and the session close it
  useEffect(() => setMenuOpen(false), [location.pathname, session.status]);
  // Escape closes it and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);
  return (
    <>
      <a className="skip-link" href="#main">
        {t("app.skip")}
      </a>
      <header className="site-header" data-menu={menuOpen ? "open" : "closed"}>
        <Link to="/" className="brand">
          <img src={`${import.meta.env.BASE_URL}icon.svg`} alt="" width={28} height={28} />
          {t("app.name")}
        </Link>
        <label className="language">
          <span className="language-label">{t("app.language")}</span>
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
        {session.status === "unknown" ? null : (
          <button
            ref={menuButton}
            type="button"
            className="menu-button secondary"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true" className="menu-icon" />
            <span className="menu-label">{t("app.menu")}</span>
          </button>
        )}
        <nav id={menuId} className="account-nav" aria-label={t("app.accountNav")}>
          {session.status === "signed-in" ? (
            <>
              <Link to="/appointments">{t("account.myAppointments")}</Link>
              <Link to="/account" className="account-link">
                {session.customer?.profilePic ? (
                  <img
                    className="header-picture"
                    src={pictureUrl(session.customer.profilePic)}
                    alt=""
                    width={28}
                    height={28}
                  />
                ) : null}
                {t("profile.title")}
              </Link>
              <button type="button" className="link-button" onClick={() => void signOut()}>
                {t("account.signOut")}
              </button>
            </>
          ) : session.status === "signed-out" ? (
            <Link to={signInAddress(location.pathname)}>{t("account.signIn")}</Link>
          ) : null}
        </nav>
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
