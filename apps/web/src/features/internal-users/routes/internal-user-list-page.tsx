import { PlaceholderPage } from "../../../components/placeholder-page";

export default function InternalUserListPage() {
  return <PlaceholderPage title="Internal Users" />;
}
