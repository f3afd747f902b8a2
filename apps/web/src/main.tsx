// First: settings the page needs before anything runs under the Content-Security-Policy.
import "./lib/content-security-policy";
import "./app/styles/base";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers";
import { AppRouter, preloadScreen } from "./app/router";

preloadScreen(window.location.pathname);
const root = document.getElementById("root");
if (!root) throw new Error("No #root element");
createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
