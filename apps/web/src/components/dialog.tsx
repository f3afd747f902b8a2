// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Modal.css";
import { Modal, type ModalProps } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * Mantine's Modal, mounted at its first opening: a closed Modal still mounts a portal and two transitions,
 * each setting its state as it mounts, and a screen with four dialogs spent a slow phone's longest task on
 * them. It mounts closed and opens once mounted, so that the first opening plays its transition too, and
 * stays mounted afterwards, so that closing does.
 */
export function Dialog({ opened, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(false);
  const [ready, setReady] = useState(false);
  if (opened && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) setReady(true);
  }, [mounted]);
  return mounted ? <Modal {...props} opened={opened && ready} /> : null;
}
