import { PlaceholderPage } from "../../../components/placeholder-page";

export default function AppUserFormPage() {
  return <PlaceholderPage title="App User form" />;
}
