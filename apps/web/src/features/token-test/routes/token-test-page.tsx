import { PlaceholderPage } from "../../../components/placeholder-page";

export default function TokenTestPage() {
  return <PlaceholderPage title="Token Test" />;
}
