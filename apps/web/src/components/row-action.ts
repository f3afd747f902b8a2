import type { Icon } from "@tabler/icons-react";

/** One entry of a row's Action menu. */
export interface RowAction {
  label: string;
  icon: Icon;
  onClick: () => void;
  /** Destructive (Delete): shown in red. */
  danger?: boolean;
  /** Separated from the actions above it by a line. */
  divided?: boolean;
}
