import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditAction, AuditEntity, AuditPage } from "@visadesk/contract/audit";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "@visadesk/contract/audit-constants";
import { auditEndpoints } from "@visadesk/contract/audit-endpoints";
import type { QueryIn } from "@visadesk/contract/endpoint";
import { userEndpoints } from "@visadesk/contract/users-endpoints";
import { useEffect } from "react";
import { call } from "@/lib/api-client";
import { useQueryInSlices } from "@/lib/use-query-in-slices";

export interface ActivityFilters {
  actorId: string;
  entity: string;
  action: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive (sent as the next day, which the API excludes). */
  to: string;
  /** Text in a person's or a record's name; sent from 2 characters on (the API's minimum). */
  search: string;
}

export const ACTIVITY_PAGE_SIZE = 25;

const isEntity = (value: string): value is AuditEntity =>
  (AUDIT_ENTITIES as readonly string[]).includes(value);
const isAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

/**
 * The filters as the audit endpoints take them: empty ones left out, the last day included whole. A record
 * type or an action that the address holds but the history does not know (an edited link) filters nothing,
 * as its select, which offers only known ones, shows.
 */
export function activityQuery(filters: ActivityFilters): NonNullable<QueryIn<typeof auditEndpoints.export>> {
  const query: NonNullable<QueryIn<typeof auditEndpoints.export>> = {};
  if (filters.actorId) query.actorId = filters.actorId;
  if (isEntity(filters.entity)) query.entity = filters.entity;
  if (isAction(filters.action)) query.action = filters.action;
  if (filters.from) query.from = filters.from;
  if (filters.search.trim().length >= 2) query.search = filters.search.trim();
  if (filters.to) {
    const next = new Date(`${filters.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    query.to = next.toISOString().slice(0, 10);
  }
  return query;
}

/**
 * GET audit: the whole feed (Admin), newest first, its page-th page. The history pages by cursor, so the
 * pages before the one asked for are read in turn (each from where the one before ended, as an address
 * with ?page=3 asks) and kept: Previous shows them again without asking the server.
 */
export function useActivity(filters: ActivityFilters, page: number) {
  const pages = useInfiniteQuery({
    queryKey: ["activity", filters],
    queryFn: ({ pageParam }) =>
      call(
        auditEndpoints.list,
        {
          query: {
            ...activityQuery(filters),
            pageSize: ACTIVITY_PAGE_SIZE,
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        { silent: true },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const loaded = pages.data?.pages ?? [];
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isPlaceholderData } = pages;
  const behind = loaded.length > 0 && loaded.length < page && hasNextPage && !isPlaceholderData;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page arriving may leave the others as they were
  useEffect(() => {
    if (behind && !isFetchingNextPage) void fetchNextPage();
  }, [behind, isFetchingNextPage, fetchNextPage, loaded.length]);
  const last = loaded.at(-1);
  // Past the last page (an old link) the page is empty, as it was when the feed paged by number; while
  // the pages before it arrive, the last one read stays on screen.
  const data: AuditPage | undefined =
    loaded[page - 1] ??
    (last && !behind && !isFetchingNextPage ? { ...last, data: [], nextCursor: null } : last);
  const { isError, isPending, isFetching, error, errorUpdatedAt, refetch } = pages;
  return { data, isError, isPending, isFetching, error, errorUpdatedAt, refetch };
}

/** The internal accounts, for the "Person" filter. */
export function usePeople() {
  return useQueryInSlices({
    queryKey: ["activity", "people"],
    queryFn: async () => {
      const answer = await call(
        userEndpoints.list,
        { query: { role: "internal", page: 1, pageSize: 100 } },
        { silent: true },
      );
      // Asked for a page, the list answers one (the whole list, an array, only when no page is asked).
      return Array.isArray(answer) ? answer : answer.data;
    },
  });
}
