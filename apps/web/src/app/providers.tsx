import { type CSSVariablesResolver, createTheme, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ToastContainer } from "react-toastify/unstyled";
import { AuthProvider } from "../lib/auth";
import { cspNonce } from "../lib/content-security-policy";
import { createQueryClient } from "../lib/query-client";
import { TOAST_DEFAULTS } from "../lib/toast";

/** Spec section 9: modal transition 300 ms, backdrop transition 150 ms. */
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;

const dialogDefaults = {
  transitionProps: { duration: MODAL_TRANSITION_MS },
  overlayProps: { transitionProps: { duration: BACKDROP_TRANSITION_MS } },
};

export const theme = createTheme({
  primaryColor: "indigo",
  // indigo.6 with white text is 4.3:1, under WCAG AA; shade 7 is 5:1 (filled buttons, links).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  // Plain objects, not Modal.extend(): importing Modal here put dialogs, focus traps and scroll areas
  // into every page's first download, /login included.
  components: {
    Modal: { defaultProps: dialogDefaults },
    Drawer: { defaultProps: dialogDefaults },
  },
});

// Mantine's light "dimmed" grey (#868e96) is below WCAG AA contrast on white; gray.7 passes.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Likewise the red of field errors (red.6, 3.3:1); red.9 passes.
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
  },
  dark: {},
});

// Without a nonce (the dev server, tests) Mantine writes its styles as it would anyway.
const nonce = cspNonce;
const styleNonce = nonce ? { getStyleNonce: () => nonce } : {};

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} {...styleNonce}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <ToastContainer {...TOAST_DEFAULTS} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
