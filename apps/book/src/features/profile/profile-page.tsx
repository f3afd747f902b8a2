import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { CnicSection } from "./cnic-section";
import { DetailsSection } from "./details-section";
import { DevicesSection } from "./devices-section";
import { EraseSection } from "./erase-section";
import { PasswordSection } from "./password-section";
import "./profile.css";

/** /account: the customer's own details, password, devices, CNIC and the erasure of the account. */
export default function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t("profile.title"));
  const session = useSession();
  if (session.status === "unknown") return null;
  if (session.erased) return <Navigate to="/?erased=1" replace />;
  if (session.status === "signed-out" || !session.customer)
    return <Navigate to="/sign-in?next=%2Faccount" replace />;
  return (
    <div className="narrow">
      <h1>{t("profile.title")}</h1>
      <DetailsSection customer={session.customer} />
      <PasswordSection />
      <CnicSection customer={session.customer} />
      <DevicesSection zone={session.customer.timeZone} />
      <EraseSection />
    </div>
  );
}
