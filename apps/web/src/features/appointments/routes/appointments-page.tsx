import { PlaceholderPage } from "../../../components/placeholder-page";

export default function AppointmentsPage() {
  return <PlaceholderPage title="User Appointments" />;
}
