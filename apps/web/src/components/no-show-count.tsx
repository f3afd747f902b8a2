import { Text } from "@mantine/core";
import { formatCount } from "@/lib/format-number";

/** How many appointments were marked a no-show, on a consultant's or an app user's edit screen. */
export function NoShowCount({ count }: { count: number }) {
  return (
    <Text size="sm" fw={500} c={count > 0 ? "red.9" : undefined}>
      No-shows: {formatCount(count)}
    </Text>
  );
}
