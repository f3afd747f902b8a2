import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../lib/auth";
import { setUnauthorizedHandler } from "../lib/http";
import { paths } from "../lib/paths";
import { unsavedChanges } from "../lib/unsaved-changes";

/** On HTTP 401 the stored session is removed; the visitor then goes to sign in. */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const { logout } = useAuth();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      logout();
      unsavedChanges.discard();
      navigate(paths.login, { replace: true });
    });
  }, [navigate, logout]);
  return null;
}
