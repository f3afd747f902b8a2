import { Loader, Overlay, Stack, Text } from "@mantine/core";

/** A full-screen ripple with a message; the default message is "Loading...". */
export function Preloader({ message = "Loading..." }: { message?: string }) {
  return (
    <Overlay fixed color="var(--mantine-color-body)" backgroundOpacity={0.92} zIndex={1000} center>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader type="dots" size="lg" />
        <Text fw={500}>{message}</Text>
      </Stack>
    </Overlay>
  );
}
