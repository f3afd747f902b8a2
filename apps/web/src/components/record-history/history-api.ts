import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { auditEndpoints } from "@visadesk/contract/audit-endpoints";
import type { NoteEntity } from "@visadesk/contract/notes";
import { noteEndpoints } from "@visadesk/contract/notes-endpoints";
import { call } from "@/lib/api-client";

export const HISTORY_KEY = ["history"] as const;
export const NOTES_KEY = ["notes"] as const;
const PAGE_SIZE = 20;

/** GET audit?entity=&entityId=: one record's changes, newest first, a page at a time ("Load more"). */
export function useRecordChanges(entity: NoteEntity, entityId: string) {
  return useInfiniteQuery({
    queryKey: [...HISTORY_KEY, entity, entityId],
    queryFn: ({ pageParam }) =>
      call(
        auditEndpoints.list,
        { query: { entity, entityId, pageSize: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
        { silent: true },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET notes?entity=&entityId=: the record's notes, newest first. */
export function useNotes(entity: NoteEntity | undefined, entityId: string | undefined) {
  return useQuery({
    queryKey: [...NOTES_KEY, entity, entityId],
    queryFn: async () => {
      if (!entity || !entityId) return [];
      return (await call(noteEndpoints.list, { query: { entity, entityId } }, { silent: true })).data;
    },
    enabled: Boolean(entity && entityId),
  });
}

/** POST notes and PUT notes/{id}; the record's notes and history are read again after either. */
export function useSaveNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      entity,
      entityId,
      text,
    }: {
      id?: string;
      entity: NoteEntity;
      entityId: string;
      text: string;
    }) =>
      id
        ? call(noteEndpoints.edit, { params: { id }, body: { text } }, { silent: true })
        : call(noteEndpoints.add, { body: { entity, entityId, text } }, { silent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: NOTES_KEY }),
        queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
      ]),
  });
}
