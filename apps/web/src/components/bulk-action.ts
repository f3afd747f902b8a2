import type { QueryKey } from "@tanstack/react-query";
import type { BodyIn, Endpoint } from "@visadesk/contract/endpoint";
import type { BulkReason } from "./bulk-reason-dialog";
import type { RowSelection } from "./row-selection";

/** One bulk action of a list, by the server's name (one its bulk endpoint takes). */
export interface BulkAction<A extends string = string> {
  action: A;
  label: string;
  /** The action that puts a flag back: offered as Undo for 10 seconds on the rows that changed. */
  undo?: A;
  /** Asks first, stating the count (a delete). */
  confirm?: boolean;
  /** What a changed row is called in the result: "updated" unless said otherwise ("deleted"). */
  done?: string;
  /** What a row already as asked is called in the result: "unchanged" unless said ("already approved"). */
  already?: string;
  color?: string;
  /** Asks a reason first, sent with every row as `reason` (an appointment cancel's, mailed to both parties). */
  reason?: BulkReason;
  /** What the request sends beside the action and the ids (the reason given). */
  body?: Record<string, string>;
}

/** The actions a bulk endpoint takes (its body's `action`). */
export type BulkActionName<E extends Endpoint> =
  BodyIn<E> extends { action: infer A extends string } ? A : string;

export interface BulkBarProps<E extends Endpoint = Endpoint> {
  selection: RowSelection;
  /** The ids on the page shown, and the list's total for its query. */
  pageIds: readonly string[];
  total: number;
  /** The server estimated `total`: "about" it, and counted exactly before every match is picked. */
  totalIsEstimate?: boolean | undefined;
  /** The exact number of rows matching the list's query (exactCount). */
  countAll: () => Promise<number>;
  /** What a row is, plural: "consultants". */
  noun: string;
  actions: readonly BulkAction<BulkActionName<E>>[];
  /** The list's bulk endpoint (e.g. consultantEndpoints.bulk): the action, the ids and what the action asks. */
  bulk: E;
  /** Every id matching the list's query, for "Select all N matching". */
  allIds: () => Promise<string[]>;
  /** The queries to load again once rows changed. */
  invalidate: QueryKey;
}
