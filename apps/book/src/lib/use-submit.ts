import { type FormEvent, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkForm } from "./validation";

/**
 * One way every form of the site sends: its fields checked first with the site's own messages (forms are
 * `noValidate`, so the browser's never show), the button busy while the call runs and free again however
 * it ends, a call that never reached the server (offline, connection lost) said so in the page's language
 * with a retry, and the form left as typed.
 */
export function useSubmit() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const last = useRef<(() => Promise<void>) | null>(null);

  const run = useCallback(
    async (work: () => Promise<void>) => {
      last.current = work;
      setBusy(true);
      setFailure(null);
      try {
        await work();
      } catch {
        setFailure(navigator.onLine ? t("app.sendFailed") : t("app.sendOffline"));
      } finally {
        setBusy(false);
      }
    },
    [t],
  );

  /** A form's submit handler: its fields checked, then `work` with the form as it is now. */
  const handle = useCallback(
    (work: (form: HTMLFormElement) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const problems = checkForm(form, t);
      setInvalid(problems);
      const first = Object.keys(problems)[0];
      if (first) {
        const field = form.elements.namedItem(first);
        if (field instanceof HTMLElement) field.focus();
        return;
      }
      void run(() => work(form));
    },
    [run, t],
  );

  /** The last call again: a form's with what its fields hold now. */
  const retry = useCallback(() => {
    if (last.current) void run(last.current);
  }, [run]);

  return { busy, failure, invalid, handle, run, retry };
}
