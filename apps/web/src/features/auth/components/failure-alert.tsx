import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** Why a sign-in, registration or password step failed, announced as soon as it shows. */
export function FailureAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" title={title}>
      {children}
    </Alert>
  );
}
