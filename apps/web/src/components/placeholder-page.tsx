import { Stack, Text, Title } from "@mantine/core";

/** A screen that a later issue builds; the route exists so navigation and the guard work today. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Text c="dimmed">This screen is being built.</Text>
    </Stack>
  );
}
