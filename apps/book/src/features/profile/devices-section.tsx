import { useTranslation } from "react-i18next";
import { SendFailure } from "@/components/send-failure";
import { currentLanguage, LOCALES } from "@/i18n/i18n";
import { api } from "@/lib/api";
import { isolate } from "@/lib/format";
import { useLoad } from "@/lib/use-load";
import { useSubmit } from "@/lib/use-submit";

/** The devices signed in to the account; any but this one can be signed out from here (a lost phone). */
export function DevicesSection({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { state, retry } = useLoad("sessions", async (signal) => {
    const { data, error } = await api.GET("/api/customer/v1/me/sessions", { signal });
    if (!data) throw error ?? new Error("sessions");
    return data.data;
  });
  const sending = useSubmit();
  const signOut = (id: string) =>
    sending.run(async () => {
      await api.DELETE("/api/customer/v1/me/sessions/{id}", { params: { path: { id } } });
      retry();
    });
  const day = new Intl.DateTimeFormat(LOCALES[language].locale, { dateStyle: "medium", timeZone: zone });
  const time = new Intl.DateTimeFormat(LOCALES[language].locale, { timeStyle: "short", timeZone: zone });
  const when = (at: Date) =>
    `${isolate(day.format(at), language)} ${isolate(time.format(at), language)} (${isolate(zone, language)})`;
  return (
    <section className="profile-section" aria-labelledby="devices-title">
      <h2 id="devices-title">{t("profile.devices")}</h2>
      {state.status === "failed" ? (
        <div role="alert">
          <p>{state.offline ? t("app.offline") : t("profile.devicesFailed")}</p>
          <button type="button" className="secondary" onClick={retry}>
            {t("app.retry")}
          </button>
        </div>
      ) : null}
      <SendFailure message={sending.failure} onRetry={sending.retry} />
      {state.status === "done" ? (
        <ul className="devices">
          {state.data.map((device) => (
            <li key={device.id}>
              <span className="strong">{device.deviceName}</span>{" "}
              {device.current ? <span className="badge">{t("profile.thisDevice")}</span> : null}
              <br />
              <span className="muted">
                {t("profile.lastUsed", { when: when(new Date(device.lastUsedAt)) })}
              </span>
              {device.current ? null : (
                <button
                  type="button"
                  className="secondary"
                  disabled={sending.busy}
                  onClick={() => void signOut(device.id)}
                >
                  {t("profile.signOutDevice", { device: device.deviceName })}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
