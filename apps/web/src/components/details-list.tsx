import { SimpleGrid, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A record's details as a description list, in two columns from a small screen up. */
export function DetailGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
      {children}
    </SimpleGrid>
  );
}

/** One term of a description list and its value; a long value without spaces (an id, an email) wraps. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}
