import type { ConsultantList, ConsultantListQuery } from "@visadesk/contract/consultants-list";
import { readRowCounts } from "#api/db/list-total";
import type { AppDeps } from "#api/deps";
import { pageWindow } from "#api/lib/lists";
import { type SharedPasses, searchKind, sharedPasses } from "../search/window";
import { answerOf } from "./consultant-answer";
import * as list from "./list-repository";
import * as repo from "./repository";

/** The list's filters other than paging and sort. */
export const filterOf = (query: ConsultantListQuery): list.ConsultantFilter => ({
  search: query.search || undefined,
  approved: query.approved,
  premium: query.premium,
  country: query.country?.length ? query.country : undefined,
});

/**
 * The whole list without paging parameters (as the spec reads it); one page plus total with them (or
 * with a search, a sort or a filter).
 */
export async function listConsultants(
  deps: Pick<AppDeps, "db" | "config">,
  query: ConsultantListQuery,
): Promise<ConsultantList> {
  const { db } = deps;
  if (query.deleted) {
    const { limit, offset } = pageWindow(query);
    const { rows, total } = await repo.pageOfDeletedConsultants(db, {
      search: query.search || undefined,
      limit,
      offset,
    });
    return { data: rows.map((row) => ({ ...answerOf(deps, row), deletedAt: row.deletedAt! })), total };
  }
  const filter = filterOf(query);
  const paged =
    query.page !== undefined ||
    query.pageSize !== undefined ||
    query.search !== undefined ||
    query.exactTotal !== undefined ||
    query.sort !== undefined ||
    filter.approved !== undefined ||
    filter.premium !== undefined ||
    filter.country !== undefined;
  if (!paged) return { data: (await list.listConsultants(db, {})).map((row) => answerOf(deps, row)) };
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    list.listConsultants(db, { ...filter, sort: query.sort, limit, offset }),
    list.countConsultants(db, query.search || undefined, filter, query.exactTotal),
  ]);
  return { data: rows.map((row) => answerOf(deps, row)), ...total };
}

/**
 * The header search's consultants (modules/search/window.ts): the newest matches of the list's search
 * and of the phone number's digits, and how many match.
 */
export async function searchConsultants(
  deps: Pick<AppDeps, "db" | "config">,
  text: string,
  limit: number,
  passes: SharedPasses = sharedPasses(),
) {
  const { db } = deps;
  const { rows, ...total } = await searchKind(db, passes, "consultants", text, {
    population: async () => (await readRowCounts(db.kysely, ["consultants"])).consultants,
    inWindow: (term, size) => list.consultantsInWindow(db, term, limit, size),
    among: (ids) => list.consultantsAmong(db, ids, limit),
  });
  return { items: rows.map((row) => answerOf(deps, row)), ...total };
}
