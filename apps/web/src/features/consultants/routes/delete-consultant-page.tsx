import { PlaceholderPage } from "../../../components/placeholder-page";

export default function DeleteConsultantPage() {
  return <PlaceholderPage title="Delete Consultant" />;
}
