import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** How long "Link copied" stays on screen. */
const CONFIRMATION_MS = 5000;

/**
 * Shares the profile's address (without a time picked): the device's own share sheet where the browser has
 * one (Web Share), else the link copied to the clipboard with a visible confirmation, announced to screen
 * readers; where neither works, the link shown to copy by hand. A plain button: Enter and Space press it.
 */
export function ShareProfile({ name }: { name: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<"none" | "copied" | "link">("none");
  useEffect(() => {
    if (shown !== "copied") return;
    const timer = setTimeout(() => setShown("none"), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const url = () => `${window.location.origin}${window.location.pathname}`;
  const share = async () => {
    const data = { title: name, url: url() };
    if (typeof navigator.share === "function" && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Closed by the reader: nothing more to do. Refused by the browser: copy instead.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(data.url);
      setShown("copied");
    } catch {
      setShown("link");
    }
  };
  return (
    <div className="share">
      <button type="button" className="secondary" onClick={() => void share()}>
        {t("consultant.share")}
      </button>
      <p className="share-status" role="status">
        {shown === "copied" ? t("consultant.linkCopied") : null}
        {shown === "link" ? (
          <>
            {t("consultant.copyThisLink")}{" "}
            <bdi dir="ltr">
              <a href={url()}>{url()}</a>
            </bdi>
          </>
        ) : null}
      </p>
    </div>
  );
}
