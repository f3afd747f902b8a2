// The shared styles first: each feature's own, imported where it is used, come after them.
import "./app/base.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { registerServiceWorker } from "./app/service-worker";
import { startI18n } from "./i18n/i18n";
import { restoreSession } from "./lib/session";

// A device signed in before gets its session back from the refresh cookie; the page does not wait for it.
// No top-level await here: the page's chunks could not then share modules with this one.
void startI18n().then(() => {
  void restoreSession();
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root");
  // A transition: React renders the first page in slices and lets the browser answer input between them.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  registerServiceWorker();
});
