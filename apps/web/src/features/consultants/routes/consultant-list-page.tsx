import { PlaceholderPage } from "../../../components/placeholder-page";

export default function ConsultantListPage() {
  return <PlaceholderPage title="Consultant" />;
}
