import { Group, Pagination, type PaginationProps } from "@mantine/core";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import { lazy, Suspense } from "react";

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
}

// Only searches with very many matches need it, and its number input is the largest part of a list page.
const EstimatedPagination = lazy(() => import("./estimated-pagination"));

/** Previous, numbered and Next buttons, shown only with more than one page. */
export function ListPagination(props: ListPaginationProps) {
  if (props.totalIsEstimate) {
    return (
      <Suspense fallback={null}>
        <EstimatedPagination {...props} />
      </Suspense>
    );
  }
  const { total, page, onChange, pageSize = PAGE_SIZE, color } = props;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        {...(color ? { color } : {})}
        total={pages}
        value={page}
        onChange={onChange}
        previousIcon={() => <span>Previous</span>}
        nextIcon={() => <span>Next</span>}
        getControlProps={(control) => ({
          "aria-label": control === "previous" ? "Previous page" : control === "next" ? "Next page" : control,
          style: { width: "auto", paddingInline: 10 },
        })}
        getItemProps={(item) => ({ "aria-label": `Page ${item}` })}
      />
    </Group>
  );
}
