// First: settings the page needs before anything runs under the Content-Security-Policy.
import "./lib/content-security-policy";
import "./app/styles/base";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers";
import { AppRouter, preloadScreen } from "./app/router";
import { afterEarlyDownloads } from "./lib/early-downloads";

// In a task of its own, once index.html's script has added the screen's preload links: asking for the
// screen's files adds a link for each one not yet asked for (tens on a form), in one long task.
afterEarlyDownloads(() => preloadScreen(window.location));
const root = document.getElementById("root");
if (!root) throw new Error("No #root element");
const app = createRoot(root);
// As a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread until the whole screen is built (a slow phone stays responsive while it starts).
startTransition(() => {
  app.render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
});
