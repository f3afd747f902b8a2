import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationList } from "@visadesk/contract/notifications";
import { notificationEndpoints } from "@visadesk/contract/notifications-endpoints";
import { call } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-client";
import { useQueryInSlices } from "@/lib/use-query-in-slices";

/** Asked again every minute and when the window regains focus: small answers, modest polling. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const getNotifications = (): Promise<NotificationList> =>
  call(notificationEndpoints.list, {}, { silent: true });

export const useNotifications = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQueryInSlices({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: getNotifications,
    enabled,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** Marks one notification read (id) or all of them (no id); the list is read again after. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      id
        ? call(notificationEndpoints.read, { params: { id } }, { silent: true })
        : call(notificationEndpoints.readAll, {}, { silent: true }),
    onMutate: async (id?: string) => {
      // Shown read at once; the answer that follows confirms it.
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      queryClient.setQueryData<NotificationList>(NOTIFICATIONS_QUERY_KEY, (list) => {
        if (!list) return list;
        const data = list.data.map((item) => (!id || item.id === id ? { ...item, read: true } : item));
        return { ...list, data, unread: data.filter((item) => !item.read).length };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
