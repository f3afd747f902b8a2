import { PlaceholderPage } from "../../../components/placeholder-page";

export default function AppUserListPage() {
  return <PlaceholderPage title="App Users" />;
}
