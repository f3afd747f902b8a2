import { Anchor, Button, Group, Paper, Text, VisuallyHidden } from "@mantine/core";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { MAX_PAGE_SIZE } from "@visadesk/contract/common-constants";
import type { BulkResult } from "@visadesk/contract/lists";
import { MAX_BULK_IDS } from "@visadesk/contract/lists-constants";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { errorMessage, http } from "../lib/http";
import { notify } from "../lib/toast";
import { ConfirmDialog } from "./confirm-dialog";

const count = new Intl.NumberFormat("en-US");

/** One bulk action of a list, by the server's name. */
export interface BulkAction {
  action: string;
  label: string;
  /** The action that puts a flag back: offered as Undo for 10 seconds on the rows that changed. */
  undo?: string;
  /** Asks first, stating the count (a delete). */
  confirm?: boolean;
  /** What a changed row is called in the result: "updated" unless said otherwise ("deleted"). */
  done?: string;
  color?: string;
}

/**
 * The rows picked on a list: ids picked page by page, or every row matching the list's query. A new query
 * (search, order, filters) starts again with nothing picked; turning the page keeps the picks.
 */
export function useRowSelection(queryKey: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const clear = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query is the reason to start again
  useEffect(clear, [queryKey, clear]);
  const onChange = useCallback((ids: string[], picked: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (picked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  return { selected, allMatching, onChange, selectAllMatching: () => setAllMatching(true), clear };
}
export type RowSelection = ReturnType<typeof useRowSelection>;

/** Sends the ids to the bulk route MAX_BULK_IDS at a time; the answers in the order asked. */
async function runBulk(path: string, action: string, ids: readonly string[], onSent: (sent: number) => void) {
  const results: BulkResult["results"] = [];
  for (let start = 0; start < ids.length; start += MAX_BULK_IDS) {
    const chunk = ids.slice(start, start + MAX_BULK_IDS);
    // Each row runs its single action's rules: a full chunk can take a while.
    const response = await http.post<BulkResult>(
      path,
      { action, ids: chunk },
      { silent: true, timeout: 120_000 },
    );
    results.push(...response.data.results);
    onSent(start + chunk.length);
  }
  return results;
}

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

/** "3 refused: Already approved (2), Not found (1)": each reason once, with how many rows gave it. */
function reasonsOf(results: BulkResult["results"]): string[] {
  const reasons = new Map<string, number>();
  for (const result of results) {
    if (!result.ok)
      reasons.set(result.message ?? "Refused", (reasons.get(result.message ?? "Refused") ?? 0) + 1);
  }
  return [...reasons].map(([reason, times]) => (times > 1 ? `${reason} (${times})` : reason));
}

function ResultText({ summary, reasons }: { summary: string; reasons: string[] }) {
  return (
    <div>
      <div>{summary}</div>
      {reasons.length > 0 && (
        <ul style={{ margin: "4px 0 0", paddingInlineStart: 18 }}>
          {reasons.slice(0, 5).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
          {reasons.length > 5 && <li>{`and ${reasons.length - 5} other reasons`}</li>}
        </ul>
      )}
    </div>
  );
}

export interface BulkBarProps {
  selection: RowSelection;
  /** The ids on the page shown, and the list's total for its query. */
  pageIds: readonly string[];
  total: number;
  /** What a row is, plural: "consultants". */
  noun: string;
  actions: readonly BulkAction[];
  /** POST route of the bulk actions, e.g. "Consultants/bulk". */
  bulkPath: string;
  /** Every id matching the list's query, for "Select all N matching". */
  allIds: () => Promise<string[]>;
  /** The queries to load again once rows changed. */
  invalidate: QueryKey;
}

/**
 * The bar above a list while rows are picked: how many (announced to screen readers), "Select all N
 * matching" once the whole page is picked, and the actions. The result toast counts the rows changed and
 * refused, lists the reasons, and offers Undo for 10 seconds after a flag change.
 */
export function BulkBar(props: BulkBarProps) {
  const { selection, pageIds, total, noun } = props;
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<BulkAction | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const toastBase = useId();
  const runs = useRef(0);
  const picked = selection.allMatching ? total : selection.selected.size;
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selection.selected.has(id));

  const perform = async (bulk: BulkAction, ids: readonly string[], undoing: boolean) => {
    const label = undoing ? "Undoing" : bulk.label;
    setProgress(`${label}… 0 of ${count.format(ids.length)}`);
    try {
      const results = await runBulk(props.bulkPath, bulk.action, ids, (sent) =>
        setProgress(`${label}… ${count.format(sent)} of ${count.format(ids.length)}`),
      );
      const changed = results.filter((result) => result.ok).map((result) => result.id);
      const refused = results.length - changed.length;
      const summary = undoing
        ? `Undone: ${count.format(changed.length)} restored${refused ? `, ${count.format(refused)} refused` : ""}`
        : `${count.format(changed.length)} ${bulk.done ?? "updated"}, ${count.format(refused)} refused`;
      const reasons = reasonsOf(results);
      const toastId = `${toastBase}-${++runs.current}`;
      const undo = !undoing && bulk.undo && changed.length > 0 ? bulk.undo : undefined;
      const content = (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ResultText summary={summary} reasons={reasons} />
          {undo && (
            <Button
              size="xs"
              variant="white"
              color="dark"
              onClick={() => {
                notify.dismiss(toastId);
                void perform({ ...bulk, action: undo }, changed, true);
              }}
            >
              Undo
            </Button>
          )}
        </Group>
      );
      const options = { toastId, autoClose: undo ? 10_000 : 5000 };
      if (refused > 0 && changed.length === 0) notify.warning(content, options);
      else notify.success(content, options);
      if (!undoing) selection.clear();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: props.invalidate });
    }
  };

  const start = async (bulk: BulkAction) => {
    setAsked(null);
    let ids: readonly string[] = [...selection.selected];
    if (selection.allMatching) {
      setProgress(`Collecting ${count.format(total)} ${noun}…`);
      try {
        ids = await props.allIds();
      } catch (error) {
        setProgress(null);
        notify.error(errorMessage(error));
        return;
      }
    }
    await perform(bulk, ids, false);
  };

  const announcement = progress ?? (picked > 0 ? `${count.format(picked)} ${noun} selected` : "");
  return (
    <>
      <VisuallyHidden>
        <span role="status" aria-live="polite">
          {announcement}
        </span>
      </VisuallyHidden>
      {(picked > 0 || progress) && (
        <Paper withBorder p="xs" role="region" aria-label="Selected rows">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={500}>
              {progress ??
                (selection.allMatching
                  ? `All ${count.format(total)} matching ${noun} selected`
                  : `${count.format(picked)} selected`)}
            </Text>
            {!progress && !selection.allMatching && wholePage && total > picked && (
              <Anchor component="button" type="button" size="sm" onClick={selection.selectAllMatching}>
                {`Select all ${count.format(total)} matching`}
              </Anchor>
            )}
            {!progress && (
              <Anchor component="button" type="button" size="sm" onClick={selection.clear}>
                Clear selection
              </Anchor>
            )}
            <Group gap="xs" ml="auto" wrap="wrap">
              {props.actions.map((bulk) => (
                <Button
                  key={bulk.action}
                  size="xs"
                  variant={bulk.confirm ? "filled" : "light"}
                  color={bulk.color ?? (bulk.confirm ? "red.9" : undefined)}
                  disabled={progress !== null}
                  onClick={() => (bulk.confirm ? setAsked(bulk) : void start(bulk))}
                >
                  {bulk.label}
                </Button>
              ))}
            </Group>
          </Group>
        </Paper>
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={`${asked?.label ?? ""} ${noun}`}
        message={`${asked?.label ?? ""} ${count.format(picked)} ${picked === 1 ? noun.replace(/s$/, "") : noun}? This cannot be undone here.`}
        confirmLabel={`${asked?.label ?? ""} ${count.format(picked)}`}
        onConfirm={() => asked && void start(asked)}
        onCancel={() => setAsked(null)}
      />
    </>
  );
}
