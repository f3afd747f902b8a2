import { Group, Pagination, type PaginationProps } from "@mantine/core";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";

export interface ListPaginationProps {
  /** How many records match; pages are PAGE_SIZE long unless pageSize says otherwise. */
  total: number;
  page: number;
  onChange: (page: number) => void;
  pageSize?: number;
  color?: PaginationProps["color"];
}

/** Spec section 9: Previous, numbered and Next buttons, shown only with more than one page. */
export function ListPagination({ total, page, onChange, pageSize = PAGE_SIZE, color }: ListPaginationProps) {
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
