import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The tab's title names the page, then the site: "Find a visa consultant | VisaDesk". */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} | ${t("app.name")}` : t("app.name");
  }, [title, t]);
}
