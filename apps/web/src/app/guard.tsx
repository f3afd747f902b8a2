import { authMessages, settingsFirstMessages } from "@visadesk/contract/auth-constants";
import { type ReactNode, startTransition, useEffect, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { paths } from "../lib/paths";
import { isPublicPath } from "../lib/public-paths";
import { session } from "../lib/session";
import { notify } from "../lib/toast";
import { Preloader } from "./layout/preloader";

/** What the page shows while the guard runs; index.html draws the same before the app's script arrives. */
export const CHECKING_MESSAGE = "Checking authentication...";

type Outcome = { kind: "checking" } | { kind: "allow" } | { kind: "redirect"; to: string; toast?: string };

/** The guard's decision for a path, from what is stored (route guard outcomes). */
export function decide(pathname: string): Outcome {
  try {
    const token = session.getToken();
    const user = token ? session.getUser() : null;
    if (pathname === paths.root && !token) return { kind: "redirect", to: paths.login };
    if (pathname === paths.root && user) return { kind: "redirect", to: paths.consultants.list };
    if (isPublicPath(pathname)) {
      return pathname === paths.login && token && user
        ? { kind: "redirect", to: paths.consultants.list }
        : { kind: "allow" };
    }
    if (!token) return { kind: "redirect", to: paths.login, toast: authMessages.loginRequired };
    if (!user) {
      session.clear();
      return { kind: "redirect", to: paths.login, toast: authMessages.sessionExpired };
    }
    // A one-time password: nothing but choosing a new one until it is replaced (the API refuses the rest).
    if (user.passwordChangeRequired === true && pathname !== paths.settings) {
      return { kind: "redirect", to: paths.settings, toast: settingsFirstMessages.passwordChangeRequired };
    }
    // REQUIRE_MFA and no second factor yet: nothing but enrolling one (the API refuses the rest).
    if (user.mfaEnrolmentRequired === true && pathname !== paths.settings) {
      return { kind: "redirect", to: paths.settings, toast: settingsFirstMessages.enrolmentRequired };
    }
    return { kind: "allow" };
  } catch {
    // Any unexpected error (corrupt stored data): both entries cleared, back to sign-in.
    session.clear();
    return { kind: "redirect", to: paths.login };
  }
}

export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [checked, setChecked] = useState<{ path: string; outcome: Outcome } | null>(null);

  useEffect(() => {
    const next = decide(location.pathname);
    // The toast id keeps one toast when React runs the effect twice.
    if (next.kind === "redirect" && next.toast) notify.error(next.toast, { toastId: next.toast });
    // The screen behind the guard renders in a transition: in slices, not one long task.
    startTransition(() => setChecked({ path: location.pathname, outcome: next }));
  }, [location.pathname]);

  // Until the guard has run for this very path, the page renders nothing.
  const outcome: Outcome = checked?.path === location.pathname ? checked.outcome : { kind: "checking" };
  if (outcome.kind === "checking") return <Preloader message={CHECKING_MESSAGE} />;
  if (outcome.kind === "redirect") {
    return <Navigate to={outcome.to} replace state={{ from: location }} />;
  }
  return children;
}
