import { Button, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Dialog } from "@/components/dialog";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question, e.g. the spec's "Are you sure you want to delete this timing?". */
  message: ReactNode;
  /** A line under the question naming what is affected, e.g. "sara (sara@example.com)". */
  details?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Disables both buttons and shows the confirm button busy while the action runs. */
  busy?: boolean;
  color?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal asking to confirm a destructive action; Cancel is focused first so Enter never deletes by accident. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog
      opened={props.opened}
      onClose={props.busy ? () => {} : props.onCancel}
      title={props.title}
      closeButtonProps={{ "aria-label": "Close" }}
      centered
    >
      <Text mb={props.details ? "xs" : "lg"}>{props.message}</Text>
      {props.details ? (
        <Text size="sm" c="dimmed" mb="lg">
          {props.details}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={props.busy} data-autofocus>
          {props.cancelLabel ?? "Cancel"}
        </Button>
        <Button color={props.color ?? "red.9"} onClick={props.onConfirm} loading={props.busy}>
          {props.confirmLabel ?? "Delete"}
        </Button>
      </Group>
    </Dialog>
  );
}
