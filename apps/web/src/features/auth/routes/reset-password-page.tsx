import { PlaceholderPage } from "../../../components/placeholder-page";

export default function ResetPasswordPage() {
  return <PlaceholderPage title="Reset password" />;
}
