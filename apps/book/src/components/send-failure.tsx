import { useTranslation } from "react-i18next";

/** What became of a call that never reached the server, and a way to send it again. */
export function SendFailure({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div className="form-error send-failure" role="alert">
      <p>{message}</p>
      <button type="button" className="secondary" onClick={onRetry}>
        {t("app.retry")}
      </button>
    </div>
  );
}
