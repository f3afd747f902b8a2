import { Avatar, UnstyledButton } from "@mantine/core";
import { PopupOnDemand } from "@/components/popup-on-demand";
import { useAuth } from "@/lib/auth";
import { initialsOf } from "@/lib/initials";
import { displayName } from "@/lib/session";
import type { SidePanelTab } from "./side-panel";

const loadPopover = () => import("./profile-popover");

/** The header's avatar: its popover (profile-popover.tsx) loads when it is first pointed at, reached or pressed. */
export function ProfileMenu({ onOpenSidePanel }: { onOpenSidePanel: (tab?: SidePanelTab) => void }) {
  const { user } = useAuth();
  const name = displayName(user);
  return (
    <PopupOnDemand
      load={loadPopover}
      popup="dialog"
      popupProps={{ onOpenSidePanel }}
      button={
        <UnstyledButton aria-label={`Profile menu for ${name}`} px={4}>
          <Avatar color="indigo" radius="xl" size={34} alt="">
            {initialsOf(name) || "?"}
          </Avatar>
        </UnstyledButton>
      }
    />
  );
}
