import { PlaceholderPage } from "../../../components/placeholder-page";

export default function ConsultantFormPage() {
  return <PlaceholderPage title="Consultant form" />;
}
