import type { Appointment } from "@visadesk/contract/appointments";
import { Suspense } from "react";
import { lazyPage } from "@/lib/feature";
import { usePreloadWhenIdle } from "@/lib/preload-when-idle";
import type { RowDialog } from "./appointment-columns";

export type ListDialog = { kind: "create" } | { kind: RowDialog; appointment: Appointment };

// The dialogs' code (their forms, validation and actions) is not needed for the list's first paint: it
// loads once the list is up (usePreloadWhenIdle), and they are rendered from their first opening on.
const AppointmentFormDialog = lazyPage(() =>
  import("../components/appointment-form-dialog").then((m) => ({ default: m.AppointmentFormDialog })),
);
const AppointmentDetailsDialog = lazyPage(() =>
  import("../components/appointment-details-dialog").then((m) => ({ default: m.AppointmentDetailsDialog })),
);
const DeleteAppointmentDialog = lazyPage(() =>
  import("../components/delete-appointment-dialog").then((m) => ({ default: m.DeleteAppointmentDialog })),
);

/** Loads the dialogs' code once the list is up. */
export const usePreloadListDialogs = () =>
  usePreloadWhenIdle(
    AppointmentFormDialog.preload,
    AppointmentDetailsDialog.preload,
    DeleteAppointmentDialog.preload,
  );

/**
 * The list's dialogs: create and edit, details (whose Reschedule opens the edit) and delete. The last one
 * stays rendered while it closes, so its content does not vanish mid-transition.
 */
export function AppointmentListDialogs({
  dialog,
  opened,
  onOpen,
  onClose,
}: {
  dialog: ListDialog | null;
  opened: boolean;
  onOpen: (next: ListDialog) => void;
  onClose: () => void;
}) {
  if (dialog === null) return null;
  return (
    <Suspense fallback={null}>
      <AppointmentFormDialog
        opened={opened && (dialog?.kind === "create" || dialog?.kind === "edit")}
        appointment={dialog?.kind === "edit" ? dialog.appointment : undefined}
        onClose={onClose}
      />
      <AppointmentDetailsDialog
        opened={opened && dialog?.kind === "details"}
        appointment={dialog?.kind === "details" ? dialog.appointment : null}
        onClose={onClose}
        onReschedule={(appointment) => onOpen({ kind: "edit", appointment })}
        onChanged={(appointment) => onOpen({ kind: "details", appointment })}
      />
      <DeleteAppointmentDialog
        opened={opened && dialog?.kind === "delete"}
        appointment={dialog?.kind === "delete" ? dialog.appointment : null}
        onClose={onClose}
      />
    </Suspense>
  );
}
