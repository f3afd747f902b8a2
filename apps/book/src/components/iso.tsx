import type { ReactNode } from "react";

/**
 * A run of Latin figures (a time, a date, a range, a phone number, a CNIC, a fee) kept whole and in its own
 * order inside right-to-left text: isolated (<bdi>), left to right. An address or a name, which may be
 * written in either script, takes `dir="auto"`: its own first letter decides.
 */
export function Iso({ children, dir = "ltr" }: { children: ReactNode; dir?: "ltr" | "auto" }) {
  return <bdi dir={dir}>{children}</bdi>;
}
