import { VisuallyHidden } from "@mantine/core";
import { MAX_PAGE_SIZE } from "@visadesk/contract/common-constants";
import { lazy, Suspense, useState } from "react";
import { formatCount } from "@/lib/format-number";
import { http } from "../lib/http";
import type { BulkBarProps } from "./bulk-action";

// The bar itself (its buttons, the confirmation dialog, the bulk requests and their result toast) loads
// with the first picked row: most visits to a list pick none.
const BulkBarPanel = lazy(() => import("./bulk-bar-panel"));

/**
 * Every id matching the list's query, read page by page from the list itself (its largest page), so the
 * action covers exactly what the list shows however it is filtered.
 */
export async function matchingIds<T>(
  listPath: string,
  query: Record<string, string | number | boolean>,
  idOf: (row: T) => string,
): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const response = await http.get<{ data: T[] }>(listPath, {
      params: { ...query, page, pageSize: MAX_PAGE_SIZE },
      silent: true,
    });
    ids.push(...response.data.data.map(idOf));
    if (response.data.data.length < MAX_PAGE_SIZE) return ids;
  }
}

/**
 * The exact number of rows matching the list's query (exactTotal=true), asked when the list's total is an
 * estimate: "Select all", its confirmation and its result then state the rows really acted on. Past the
 * server's cap this fails with its message (narrow the list).
 */
export async function exactCount(
  listPath: string,
  query: Record<string, string | number | boolean>,
): Promise<number> {
  const response = await http.get<{ total: number }>(listPath, {
    params: { ...query, page: 1, pageSize: 1, exactTotal: true },
    silent: true,
  });
  return response.data.total;
}

/**
 * The bar above a list while rows are picked: how many (announced to screen readers, from a status region
 * that is there before the first pick so the first count is read out too), "Select all N matching" once
 * the whole page is picked, and the actions (BulkBarPanel).
 */
export function BulkBar(props: BulkBarProps) {
  const { selection, noun } = props;
  // Kept here, not in the panel: the status region announces it.
  const [progress, setProgress] = useState<string | null>(null);
  const picked = selection.allMatching ? selection.matching : selection.selected.size;
  const announcement = progress ?? (picked > 0 ? `${formatCount(picked)} ${noun} selected` : "");
  return (
    <>
      <VisuallyHidden>
        <span role="status" aria-live="polite">
          {announcement}
        </span>
      </VisuallyHidden>
      {(picked > 0 || progress) && (
        <Suspense fallback={null}>
          <BulkBarPanel {...props} progress={progress} setProgress={setProgress} />
        </Suspense>
      )}
    </>
  );
}
