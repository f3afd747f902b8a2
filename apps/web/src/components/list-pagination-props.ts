import type { PaginationProps } from "@mantine/core";

export interface ListPaginationProps {
  /** How many records match; pages are PAGE_SIZE long unless pageSize says otherwise. */
  total: number;
  page: number;
  onChange: (page: number) => void;
  pageSize?: number;
  color?: PaginationProps["color"];
  /** The server estimated `total` (a search with very many matches): pages are not all numbered. */
  totalIsEstimate?: boolean | undefined;
  /** How many rows the current page holds: a short page is the last one. */
  pageRows?: number | undefined;
  /** Offers the page sizes (12, 25, 50, 100) beside the pages; the list keeps the choice. */
  onPageSizeChange?: ((pageSize: number) => void) | undefined;
}
