import { PlaceholderPage } from "../../../components/placeholder-page";

export default function ConsultantTimingsPage() {
  return <PlaceholderPage title="Consultant Timings" />;
}
