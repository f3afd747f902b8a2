import { PasswordInput } from "@mantine/core";
import type { ComponentProps } from "react";

/**
 * The current password, asked again before a change to how one signs in. `toggleFor` names what its
 * show/hide button is for where a screen has more than one such input.
 */
export function CurrentPasswordInput({
  toggleFor = "current password",
  ...props
}: ComponentProps<typeof PasswordInput> & { toggleFor?: string }) {
  return (
    <PasswordInput
      label="Current password"
      autoComplete="current-password"
      withAsterisk
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ "aria-label": `Show or hide ${toggleFor}` }}
      {...props}
    />
  );
}
