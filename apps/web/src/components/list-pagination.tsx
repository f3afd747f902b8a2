import { Group, NativeSelect, Pagination } from "@mantine/core";
import { PAGE_SIZE, PAGE_SIZE_CHOICES } from "@visadesk/contract/common-constants";
import { lazy, Suspense } from "react";
import type { ListPaginationProps } from "./list-pagination-props";

// Only searches with very many matches need it, and its number input is the largest part of a list page.
const EstimatedPagination = lazy(() => import("./estimated-pagination"));

/**
 * Previous, numbered and Next buttons, shown only with more than one page; beside them the page size, once
 * the list has more rows than the smallest page (or another size was chosen).
 */
export function ListPagination(props: ListPaginationProps) {
  const { total, pageSize = PAGE_SIZE, onPageSizeChange } = props;
  const sizeChoice =
    onPageSizeChange && (total > PAGE_SIZE || pageSize !== PAGE_SIZE) ? (
      <NativeSelect
        size="xs"
        label="Rows per page"
        value={String(pageSize)}
        onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        data={PAGE_SIZE_CHOICES.map(String)}
        w={110}
      />
    ) : null;
  const pages = <Pages {...props} />;
  if (!sizeChoice) return pages;
  return (
    <Group justify="center" align="flex-end" gap="lg" wrap="wrap">
      {pages}
      {sizeChoice}
    </Group>
  );
}

function Pages(props: ListPaginationProps) {
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
