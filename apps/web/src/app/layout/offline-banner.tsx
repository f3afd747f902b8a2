import { Alert } from "@mantine/core";
import { IconWifiOff } from "@tabler/icons-react";
import { useOnline } from "@/lib/online-status";
import { HEADER_HEIGHT_PX } from "@/lib/toast";

/**
 * While the browser is offline, every screen says so above the page: a save made now fails (with its
 * "Network Error" toast) and is not sent later, so staff know why and that nothing was saved.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      role="status"
      color="yellow"
      icon={<IconWifiOff size={18} aria-hidden />}
      p="xs"
      mb="md"
      // Stays in view below the header while a long form scrolls.
      style={{ position: "sticky", top: `calc(${HEADER_HEIGHT_PX}px + 0.5rem)`, zIndex: 2 }}
    >
      You're offline: changes cannot be saved until you are back online
    </Alert>
  );
}
