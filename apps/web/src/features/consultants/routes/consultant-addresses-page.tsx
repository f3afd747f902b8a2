import { PlaceholderPage } from "../../../components/placeholder-page";

export default function ConsultantAddressesPage() {
  return <PlaceholderPage title="Consultant Addresses" />;
}
