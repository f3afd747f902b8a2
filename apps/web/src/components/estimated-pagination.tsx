// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/NumberInput.css";
import { Button, Group, NumberInput, Text } from "@mantine/core";
import { PAGE_SIZE } from "@visadesk/contract/common-constants";
import { type FormEvent, useState } from "react";
import { formatCount } from "@/lib/format-number";
import type { ListPaginationProps } from "./list-pagination-props";

/**
 * Paging over an estimated total: "Showing 1–12 of about 48,000", Previous and Next, and a jump to a page
 * number, since the number of pages is not known exactly. Next stops at a short page.
 */
export default function EstimatedPagination({
  total,
  page,
  onChange,
  pageSize = PAGE_SIZE,
  color,
  pageRows,
}: ListPaginationProps) {
  const [target, setTarget] = useState<string | number>("");
  const first = (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + (pageRows ?? pageSize);
  const isLast = pageRows !== undefined && pageRows < pageSize;
  const maxPage = Math.max(page, Math.ceil(total / pageSize));
  const go = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number(target);
    if (Number.isInteger(wanted) && wanted >= 1) onChange(wanted);
  };
  return (
    <Group justify="center" gap="sm" wrap="wrap">
      <Text size="sm" role="status">
        {pageRows === 0
          ? `No rows on page ${page}`
          : `Showing ${formatCount(first)}–${formatCount(last)} of about ${formatCount(total)}`}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          aria-label="Next page"
          disabled={isLast}
          onClick={() => onChange(page + 1)}
        >
          Next
        </Button>
      </Group>
      <form onSubmit={go}>
        <Group gap="xs" align="end">
          <NumberInput
            size="xs"
            w={110}
            label="Go to page"
            min={1}
            max={maxPage}
            allowDecimal={false}
            allowNegative={false}
            value={target}
            onChange={setTarget}
          />
          <Button type="submit" size="xs" {...(color ? { color } : {})}>
            Go
          </Button>
        </Group>
      </form>
    </Group>
  );
}
