import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { registerServiceWorker } from "./app/service-worker";
import { startI18n } from "./i18n/i18n";
import { restoreSession } from "./lib/session";
import "./styles.css";

await startI18n();
// A device signed in before gets its session back from the refresh cookie; the page does not wait for it.
void restoreSession();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
