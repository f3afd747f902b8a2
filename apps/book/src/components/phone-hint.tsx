import { useTranslation } from "react-i18next";
import { Iso } from "./iso";

/** How a phone number is written, its example kept whole in right-to-left text. */
export function PhoneHint() {
  const { t } = useTranslation();
  return (
    <>
      {t("account.phoneHint")} <Iso>+92 300 1234567</Iso>
    </>
  );
}
