import { Center, Loader, Text } from "@mantine/core";

/** The one loading block: a spinner and the spec's text, announced as a status. */
export function LoadingState({ text, minHeight }: { text: string; minHeight?: number }) {
  return (
    <Center py="xl" mih={minHeight} role="status">
      <Loader size="sm" mr="sm" />
      <Text>{text}</Text>
    </Center>
  );
}
