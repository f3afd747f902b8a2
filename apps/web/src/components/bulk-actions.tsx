import { VisuallyHidden } from "@mantine/core";
import { MAX_PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { Answer, Endpoint, QueryIn } from "@visadesk/contract/endpoint";
import { lazy, Suspense, useState } from "react";
import { formatCount } from "@/lib/format-number";
import { type CallInput, call } from "../lib/api-client";
import type { BulkBarProps } from "./bulk-action";

// The bar itself (its buttons, the confirmation dialog, the bulk requests and their result toast) loads
// with the first picked row: most visits to a list pick none.
const BulkBarPanel = lazy(() => import("./bulk-bar-panel"));

/** A list's query without its page, as the list's filters and sort make it. */
export type MatchQuery<E extends Endpoint> = Omit<
  NonNullable<QueryIn<E>>,
  "page" | "pageSize" | "exactTotal"
>;

/** A row of a list's answer: a page's `data` or, unpaged, the array itself. */
type RowOf<A> = A extends readonly (infer R)[] ? R : A extends { data: readonly (infer R)[] } ? R : never;
type ListAnswer = unknown[] | { data: unknown[]; total?: number };
const rowsOf = (answer: ListAnswer) => (Array.isArray(answer) ? answer : answer.data);

/** The list itself asked with the query and a page; its errors are said by the caller (silent). */
const askList = <E extends Endpoint>(list: E, query: Record<string, unknown>) =>
  call(list, { query } as CallInput<E>, { silent: true }) as Promise<ListAnswer>;

/**
 * Every id matching the list's query, read page by page from the list itself (its largest page), so the
 * action covers exactly what the list shows however it is filtered.
 */
export async function matchingIds<E extends Endpoint>(
  list: E,
  query: MatchQuery<E>,
  idOf: (row: RowOf<Answer<E>>) => string,
): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const rows = rowsOf(await askList(list, { ...query, page, pageSize: MAX_PAGE_SIZE }));
    ids.push(...rows.map((row) => idOf(row as RowOf<Answer<E>>)));
    if (rows.length < MAX_PAGE_SIZE) return ids;
  }
}

/**
 * The exact number of rows matching the list's query (exactTotal=true), asked when the list's total is an
 * estimate: "Select all", its confirmation and its result then state the rows really acted on. Past the
 * server's cap this fails with its message (narrow the list).
 */
export async function exactCount<E extends Endpoint>(list: E, query: MatchQuery<E>): Promise<number> {
  const answer = await askList(list, { ...query, page: 1, pageSize: 1, exactTotal: "true" });
  return Array.isArray(answer) ? answer.length : (answer.total ?? answer.data.length);
}

/**
 * The bar above a list while rows are picked: how many (announced to screen readers, from a status region
 * that is there before the first pick so the first count is read out too), "Select all N matching" once
 * the whole page is picked, and the actions (BulkBarPanel).
 */
export function BulkBar<E extends Endpoint>(props: BulkBarProps<E>) {
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
