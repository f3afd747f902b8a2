import { Box, Button, Code, Group, SimpleGrid, Text } from "@mantine/core";
import { mfaMessages } from "@visadesk/contract/account-constants";
import { Dialog } from "@/components/dialog";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import { useRegenerateRecoveryCodes } from "../api/mfa";

/** Replaces the recovery codes (used up, or seen by someone else); the new ones are shown once. */
export function NewRecoveryCodes({ left, onMade }: { left: number; onMade: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  return (
    <Group gap="sm">
      <Text size="sm">{left} of 10 left.</Text>
      <Button
        variant="default"
        size="xs"
        loading={regenerate.isPending}
        onClick={() =>
          regenerate.mutate(undefined, {
            onSuccess: (answer) => onMade(answer.recoveryCodes),
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      >
        Get new recovery codes
      </Button>
    </Group>
  );
}

/** The 10 recovery codes, shown once: copy, download, then close. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const text = (codes ?? []).join("\n");
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => notify.success("Recovery codes copied"))
      .catch(() => notify.error("The codes could not be copied: select and copy them by hand"));
  const download = () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: "text/plain" }));
    link.download = "visadesk-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Dialog
      opened={codes !== null}
      onClose={onClose}
      title="Save your recovery codes"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Text size="sm" mb="sm">
        {mfaMessages.recoveryCodesNote}
      </Text>
      <SimpleGrid
        cols={2}
        component="ul"
        aria-label="Recovery codes"
        mb="md"
        p={0}
        style={{ listStyle: "none" }}
      >
        {(codes ?? []).map((code) => (
          <Box component="li" key={code}>
            <Code fz="sm">{code}</Code>
          </Box>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" onClick={() => void copy()}>
            Copy codes
          </Button>
          <Button variant="default" onClick={download}>
            Download
          </Button>
        </Group>
        <Button onClick={onClose} data-autofocus>
          I have saved them
        </Button>
      </Group>
    </Dialog>
  );
}
