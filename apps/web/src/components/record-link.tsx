import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { LONG_TEXT_WIDTH } from "./long-text";

/**
 * A record's name in a list as a real link to its page: reached by Tab, opened in a new tab by a middle
 * click or Ctrl+click. Long names are cut like LongText's, the whole name on hover.
 */
export function RecordLink({ to, children }: { to: string; children: string }) {
  return (
    // In the text's colour, underlined on hover: it keeps its contrast on a picked row's tinted background.
    <Anchor
      component={Link}
      to={to}
      fw={500}
      inherit
      c="var(--mantine-color-text)"
      underline="hover"
      truncate="end"
      maw={LONG_TEXT_WIDTH}
      title={children}
    >
      {children}
    </Anchor>
  );
}
