import { Table, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";

/** A table of my own sign-in records (sessions, passkeys): its columns, then one of row actions. */
export function AccountTable({
  caption,
  columns,
  minWidth,
  children,
}: {
  caption: string;
  columns: string[];
  minWidth: number;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer type="native" minWidth={minWidth}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
