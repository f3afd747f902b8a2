import { Text, type TextProps } from "@mantine/core";

/** Wide enough for most names and emails in a table column, narrow enough for nine columns on a laptop. */
export const LONG_TEXT_WIDTH = 240;

/**
 * A name, email or address of any length on one line: cut to the space it has with "…", the whole text
 * on hover (title) and, as the cut is only drawn, to screen readers too. A 200-character name without a
 * space then never widens its table past the screen.
 */
export function LongText({ children, maw = LONG_TEXT_WIDTH, ...props }: TextProps & { children: string }) {
  return (
    // Without a size of its own, it takes its cell's (tables are a size smaller than body text).
    <Text inherit={props.size === undefined} truncate="end" maw={maw} title={children} {...props}>
      {children}
    </Text>
  );
}
