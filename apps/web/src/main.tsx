// First: settings the page needs before anything runs under the Content-Security-Policy.
import "./lib/content-security-policy";
import "./app/styles/base";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers";
import { AppRouter, preloadScreen } from "./app/router";

// In a task of its own: asking for the screen's files adds a link for each of them (tens on a form), and
// in the task that runs this module it made a slow phone's longest task longer still.
setTimeout(() => preloadScreen(window.location.pathname));
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
