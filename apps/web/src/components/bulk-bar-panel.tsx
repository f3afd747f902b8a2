import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { Endpoint } from "@visadesk/contract/endpoint";
import type { BulkResult } from "@visadesk/contract/lists";
import { MAX_BULK_IDS } from "@visadesk/contract/lists-constants";
import { useId, useRef, useState } from "react";
import { formatCount } from "@/lib/format-number";
import { type CallInput, call } from "../lib/api-client";
import { errorMessage } from "../lib/http";
import { notify } from "../lib/toast";
import type { BulkAction, BulkBarProps } from "./bulk-action";
import { BulkReasonDialog } from "./bulk-reason-dialog";
import { ConfirmDialog } from "./confirm-dialog";

// Loaded with a list's first picked row (BulkBar): a list that is only read never downloads it.

/** Sends the ids to the bulk endpoint MAX_BULK_IDS at a time; the answers in the order asked. */
async function runBulk(
  declaration: Endpoint,
  bulk: Pick<BulkAction, "action" | "body">,
  ids: readonly string[],
  onSent: (sent: number) => void,
) {
  const results: BulkResult["results"] = [];
  for (let start = 0; start < ids.length; start += MAX_BULK_IDS) {
    const chunk = ids.slice(start, start + MAX_BULK_IDS);
    // Each row runs its single action's rules: a full chunk can take a while.
    const body = { ...bulk.body, action: bulk.action, ids: chunk };
    const answer = (await call(declaration, { body } as CallInput<Endpoint>, {
      silent: true,
      timeout: 120_000,
    })) as BulkResult;
    results.push(...answer.results);
    onSent(start + chunk.length);
  }
  return results;
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

export interface BulkBarPanelProps extends BulkBarProps {
  /** What the bar says while an action runs ("Approve… 500 of 1,300"), kept by BulkBar for its announcement. */
  progress: string | null;
  setProgress: (progress: string | null) => void;
}

/**
 * The visible bar of BulkBar: the count, "Select all N matching" once the whole page is picked, and the
 * actions. The result toast counts the rows changed and refused, lists the reasons, and offers Undo for
 * 10 seconds after a flag change.
 */
export default function BulkBarPanel(props: BulkBarPanelProps) {
  const { selection, pageIds, total, noun, progress, setProgress } = props;
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<BulkAction | null>(null);
  const toastBase = useId();
  const runs = useRef(0);
  const picked = selection.allMatching ? selection.matching : selection.selected.size;
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selection.selected.has(id));

  const perform = async (bulk: BulkAction, ids: readonly string[], undoing: boolean) => {
    const label = undoing ? "Undoing" : bulk.label;
    setProgress(`${label}… 0 of ${formatCount(ids.length)}`);
    try {
      const results = await runBulk(props.bulk, bulk, ids, (sent) =>
        setProgress(`${label}… ${formatCount(sent)} of ${formatCount(ids.length)}`),
      );
      // Only the rows the action changed are undone: one already as asked before it stays so.
      const changed = results
        .filter((result) => result.ok && result.changed !== false)
        .map((result) => result.id);
      const unchanged = results.filter((result) => result.ok && result.changed === false).length;
      const refused = results.filter((result) => !result.ok).length;
      const already = unchanged > 0 ? `, ${formatCount(unchanged)} ${bulk.already ?? "unchanged"}` : "";
      const summary = undoing
        ? `Undone: ${formatCount(changed.length)} restored${refused ? `, ${formatCount(refused)} refused` : ""}`
        : `${formatCount(changed.length)} ${bulk.done ?? "updated"}${already}, ${formatCount(refused)} refused`;
      const reasons = reasonsOf(results);
      const toastId = `${toastBase}-${++runs.current}`;
      const undo = !undoing && bulk.undo && changed.length > 0 ? bulk.undo : undefined;
      const content = (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ResultText summary={summary} reasons={reasons} />
          {undo ? (
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
          ) : null}
        </Group>
      );
      const options = { toastId, autoClose: undo ? 10_000 : 5000 };
      if (refused > 0 && changed.length === 0 && unchanged === 0) notify.warning(content, options);
      else notify.success(content, options);
      if (!undoing) selection.clear();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: props.invalidate });
    }
  };

  /**
   * An estimated total is not a number to confirm or act on: the exact count is asked first, and the bar,
   * the confirmation and the result then say it.
   */
  const selectAllMatching = async () => {
    const key = selection.queryKey;
    if (!props.totalIsEstimate) return selection.selectAllMatching(total, key);
    setProgress(`Counting matching ${noun}…`);
    try {
      selection.selectAllMatching(await props.countAll(), key);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const start = async (bulk: BulkAction) => {
    setAsked(null);
    let ids: readonly string[] = [...selection.selected];
    if (selection.allMatching) {
      setProgress(`Collecting ${formatCount(picked)} ${noun}…`);
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

  return (
    <>
      {(picked > 0 || progress) && (
        <Paper withBorder p="xs" role="region" aria-label="Selected rows">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={500}>
              {progress ??
                (selection.allMatching
                  ? `All ${formatCount(picked)} matching ${noun} selected`
                  : `${formatCount(picked)} selected`)}
            </Text>
            {!progress && !selection.allMatching && wholePage && total > picked && (
              <Anchor component="button" type="button" size="sm" onClick={() => void selectAllMatching()}>
                {`Select all ${props.totalIsEstimate ? "about " : ""}${formatCount(total)} matching`}
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
                  onClick={() => (bulk.confirm || bulk.reason ? setAsked(bulk) : void start(bulk))}
                >
                  {bulk.label}
                </Button>
              ))}
            </Group>
          </Group>
        </Paper>
      )}
      <BulkReasonDialog
        opened={asked?.reason !== undefined}
        title={`${asked?.label ?? ""} ${noun}`}
        question={`${asked?.label ?? ""} ${formatCount(picked)} ${picked === 1 ? noun.replace(/s$/, "") : noun}?`}
        confirmLabel={`${asked?.label ?? ""} ${formatCount(picked)}`}
        reason={asked?.reason}
        onConfirm={(reason) => asked && void start({ ...asked, body: { reason } })}
        onCancel={() => setAsked(null)}
      />
      <ConfirmDialog
        opened={asked !== null && !asked.reason}
        title={`${asked?.label ?? ""} ${noun}`}
        message={`${asked?.label ?? ""} ${formatCount(picked)} ${picked === 1 ? noun.replace(/s$/, "") : noun}? This cannot be undone here.`}
        confirmLabel={`${asked?.label ?? ""} ${formatCount(picked)}`}
        onConfirm={() => asked && void start(asked)}
        onCancel={() => setAsked(null)}
      />
    </>
  );
}
