import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { Dialog } from "@/components/dialog";
import { GrowingTextarea } from "@/components/growing-textarea";

/** What a bulk action asks before it runs: a reason, sent with every row (a cancel's, mailed to each party). */
export interface BulkReason {
  label: string;
  hint: string;
  /** Said when the reason is left blank. */
  required: string;
  maxLength: number;
}

/** Asks the reason of a bulk action over `count` rows; confirms with the trimmed reason. */
export function BulkReasonDialog(props: {
  opened: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  reason: BulkReason | undefined;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setText("");
    setError(null);
    props.onCancel();
  };
  const confirm = () => {
    const reason = text.trim();
    if (!reason) return setError(props.reason?.required ?? null);
    setText("");
    setError(null);
    props.onConfirm(reason);
  };
  return (
    <Dialog
      opened={props.opened}
      onClose={close}
      title={props.title}
      closeButtonProps={{ "aria-label": "Close" }}
      centered
    >
      <Text mb="sm">{props.question}</Text>
      <GrowingTextarea
        label={props.reason?.label}
        description={props.reason?.hint}
        required
        minRows={2}
        mb="lg"
        maxLength={props.reason?.maxLength}
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Keep them
        </Button>
        <Button color="red.9" onClick={confirm}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Dialog>
  );
}
