import { CANCELLATION_REASON_MAX_LENGTH } from "@visadesk/contract/appointments-constants";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { formErrorsOf } from "@/components/field";
import { Iso } from "@/components/iso";
import { SendFailure } from "@/components/send-failure";
import { currentLanguage } from "@/i18n/i18n";
import { api } from "@/lib/api";
import { formatClock, formatDay, zoneLabel } from "@/lib/format";
import { onLiveNews } from "@/lib/live-bus";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { useLoad } from "@/lib/use-load";
import { useSubmit } from "@/lib/use-submit";
import type { Booking } from "./booking";
import { MoveBooking } from "./move-booking";
import "./booking.css";

type When = "upcoming" | "past";

/** /appointments: the customer's upcoming and past appointments, each cancellable until its cut-off. */
export default function MyAppointmentsPage() {
  const { t } = useTranslation();
  usePageTitle(t("account.myAppointments"));
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const when: When = params.get("when") === "past" ? "past" : "upcoming";
  // What the customer's last move or cancellation did, said once the list shows it.
  const [done, setDone] = useState<string | undefined>();
  const { state, retry, refresh } = useLoad(`${when}:${session.status}`, async (signal) => {
    const { data, error } = await api.GET("/api/customer/v1/appointments", {
      params: { query: { when } },
      signal,
    });
    if (!data) throw error ?? new Error("appointments");
    return data.data;
  });
  // Staff confirmed, moved or cancelled one of them (or the stream was interrupted): the list again, in place.
  useEffect(
    () =>
      onLiveNews((news) => {
        if (news.resync || news.appointments.length > 0) refresh();
      }),
    [refresh],
  );
  if (session.status === "unknown") return null;
  if (session.status === "signed-out") return <Navigate to="/sign-in?next=%2Fappointments" replace />;

  return (
    <section>
      <h1>{t("account.myAppointments")}</h1>
      <fieldset className="tabs">
        <legend className="visually-hidden">{t("booking.which")}</legend>
        {(["upcoming", "past"] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="tab"
            aria-pressed={when === option}
            onClick={() => {
              setDone(undefined);
              setParams(option === "past" ? { when: "past" } : {});
            }}
          >
            {t(`booking.${option}`)}
          </button>
        ))}
      </fieldset>
      <p className="notice done" role="status" hidden={!done}>
        {done}
      </p>
      {state.status === "loading" ? <div className="skeleton skeleton-card" aria-hidden="true" /> : null}
      {state.status === "failed" ? (
        <div className="notice" role="alert">
          <p>{state.offline ? t("app.offline") : t("booking.listFailed")}</p>
          <button type="button" onClick={retry}>
            {t("app.retry")}
          </button>
        </div>
      ) : null}
      {state.status === "done" && state.data.length === 0 ? (
        <p className="notice">
          {when === "upcoming" ? t("booking.noneUpcoming") : t("booking.nonePast")}{" "}
          <Link to="/">{t("app.home")}</Link>
        </p>
      ) : null}
      {state.status === "done" && state.data.length > 0 ? (
        <ul className="bookings">
          {state.data.map((booking) => (
            <li key={booking.guidId}>
              <BookingCard
                booking={booking}
                onChanged={(said) => {
                  setDone(said);
                  refresh();
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function BookingCard({ booking, onChanged }: { booking: Booking; onChanged: (said: string) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [cancelling, setCancelling] = useState(false);
  const [moving, setMoving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const cancelForm = useSubmit();
  const cancel = async (form: HTMLFormElement) => {
    const reason = String(new FormData(form).get("reason") ?? "").trim();
    const { response, error: refused } = await api.POST("/api/customer/v1/appointments/{id}/cancel", {
      params: { path: { id: booking.guidId } },
      body: reason ? { reason } : {},
    });
    if (response.ok) {
      setCancelling(false);
      onChanged(t("booking.cancelledDone"));
    } else setError(formErrorsOf(refused).message ?? t("booking.cancelFailed"));
  };
  return (
    <article className="card booking">
      <div className="card-body">
        <h2 className="card-title">
          {booking.consultant.removed || !booking.consultant.name ? (
            t("booking.consultantRemoved")
          ) : (
            <Link to={`/consultants/${booking.consultant.guidId}`}>{booking.consultant.name}</Link>
          )}
        </h2>
        <p className="strong">
          {formatDay(booking.date, language)}, <Iso>{formatClock(booking.time.slice(0, 5), language)}</Iso>
        </p>
        <p className="muted">{zoneLabel(booking.timeZone, language)}</p>
        <p>
          <span className={`status status-${booking.status.toLowerCase()}`}>
            {t(`booking.status.${booking.status}`)}
          </span>
        </p>
        <p className="prose" dir="auto">
          {booking.description}
        </p>
        {booking.cancellationReason ? <p className="muted">{booking.cancellationReason}</p> : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {booking.status !== "Cancelled" && !booking.canChange && new Date(booking.startsAt) > new Date() ? (
          <>
            <p className="muted">{t("booking.tooLate")}</p>
            {booking.consultant.officePhone ? (
              <p className="office-phone">
                {t("booking.callOffice")}{" "}
                <a href={`tel:${booking.consultant.officePhone.replace(/[^\d+]/g, "")}`}>
                  <Iso>{booking.consultant.officePhone}</Iso>
                </a>
              </p>
            ) : null}
          </>
        ) : null}
        {booking.canChange && !cancelling && !moving ? (
          <div className="actions">
            {booking.consultant.removed ? null : (
              <button type="button" className="secondary" onClick={() => setMoving(true)}>
                {t("booking.move")}
              </button>
            )}
            <button type="button" className="secondary" onClick={() => setCancelling(true)}>
              {t("booking.cancel")}
            </button>
          </div>
        ) : null}
        {moving ? (
          <MoveBooking
            booking={booking}
            onMoved={(said) => {
              setMoving(false);
              onChanged(said);
            }}
            onClose={() => setMoving(false)}
          />
        ) : null}
        {cancelling ? (
          <form noValidate onSubmit={cancelForm.handle(cancel)}>
            <label htmlFor={`reason-${booking.guidId}`}>{t("booking.reason")}</label>
            <textarea
              id={`reason-${booking.guidId}`}
              name="reason"
              dir="auto"
              maxLength={CANCELLATION_REASON_MAX_LENGTH}
              rows={2}
            />
            <SendFailure message={cancelForm.failure} onRetry={cancelForm.retry} />
            <div className="actions">
              <button type="submit" disabled={cancelForm.busy}>
                {t("booking.confirmCancel")}
              </button>
              <button type="button" className="secondary" onClick={() => setCancelling(false)}>
                {t("booking.keep")}
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </article>
  );
}
