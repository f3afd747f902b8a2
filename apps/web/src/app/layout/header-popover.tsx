import { Popover, type PopoverDropdownProps } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { cloneElement, type ReactNode } from "react";
import type { PopupTargetProps } from "@/components/popup-on-demand";

/**
 * A header button's popover (the bell's, the avatar's): a dialog below the button's right edge. Opened, the
 * focus moves into it (Escape then closes it, as does a click outside) and goes back to the button after.
 * Its content gets `close`, for the entries that lead elsewhere.
 */
export function HeaderPopover({
  target,
  width,
  label,
  padding,
  children,
}: PopupTargetProps & {
  width: number;
  label: string;
  padding: PopoverDropdownProps["p"];
  children: (close: () => void) => ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover
      opened={opened}
      onChange={(next) => !next && close()}
      position="bottom-end"
      width={width}
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      <Popover.Target>{cloneElement(target, { onClick: toggle })}</Popover.Target>
      <Popover.Dropdown p={padding} aria-label={label}>
        {children(close)}
      </Popover.Dropdown>
    </Popover>
  );
}
