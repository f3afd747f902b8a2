import { createTheme, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ToastContainer } from "react-toastify";
import { AuthProvider } from "../lib/auth";
import { createQueryClient } from "../lib/query-client";
import { TOAST_DEFAULTS } from "../lib/toast";

const theme = createTheme({
  primaryColor: "indigo",
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
});

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <ToastContainer {...TOAST_DEFAULTS} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
