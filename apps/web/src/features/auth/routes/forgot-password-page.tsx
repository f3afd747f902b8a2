import { PlaceholderPage } from "../../../components/placeholder-page";

export default function ForgotPasswordPage() {
  return <PlaceholderPage title="Forgot password" />;
}
