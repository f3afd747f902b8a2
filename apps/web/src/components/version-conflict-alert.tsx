import { Alert, Button, Group, Text } from "@mantine/core";
import { serverMessages } from "@visadesk/contract/common-constants";
import { useEffect, useRef } from "react";

interface VersionConflictAlertProps {
  /** Labels of the fields someone else changed since the form was opened. */
  changed: readonly string[];
  /** Loads the latest record into the form; the person's edits are discarded only then. */
  onReload: () => void;
}

/**
 * Shown when a save was refused because someone else saved the record first (409): what changed, and a
 * Reload that takes the latest record into the form. Focused when it appears, so it is read out at once.
 */
export function VersionConflictAlert({ changed, onReload }: VersionConflictAlertProps) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => alert.current?.focus(), []);
  return (
    <Alert
      ref={alert}
      role="alert"
      tabIndex={-1}
      color="red"
      variant="light"
      title={serverMessages.staleVersion}
    >
      <Text size="sm">
        {changed.length
          ? `Changed since you opened it: ${changed.join(", ")}.`
          : "It was saved again since you opened it."}{" "}
        Reload to see the latest version; your unsaved changes will be lost.
      </Text>
      <Group mt="sm">
        <Button size="xs" onClick={onReload}>
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
