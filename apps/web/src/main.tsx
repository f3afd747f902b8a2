// First: settings the page needs before anything runs under the Content-Security-Policy.
import "./lib/content-security-policy";
// First, so it sits below Mantine in the cascade, where react-toastify's own injection used to put it.
import "react-toastify/ReactToastify.css";
import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers";
import { AppRouter } from "./app/router";

const root = document.getElementById("root");
if (!root) throw new Error("No #root element");
createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
