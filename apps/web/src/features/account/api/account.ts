import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordBody, MyAccount, MySession } from "@visadesk/contract/account";
import { http } from "@/lib/http";

const ACCOUNT_KEY = ["account"] as const;
const SESSIONS_KEY = ["account", "sessions"] as const;

/** GET account: my own profile. */
export const useMyAccount = () =>
  useQuery({
    queryKey: ACCOUNT_KEY,
    queryFn: async () => (await http.get<MyAccount>("account", { silent: true })).data,
  });

/** GET account/sessions: my live sessions (not while a one-time password must be replaced). */
export const useMySessions = (enabled: boolean) =>
  useQuery({
    queryKey: SESSIONS_KEY,
    enabled,
    queryFn: async () => (await http.get<MySession[]>("account/sessions", { silent: true })).data,
  });

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  picture: File | null;
}

/** PUT account/profile (multipart; no picture keeps the stored one). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput) => {
      const data = new FormData();
      data.append("FirstName", input.firstName);
      data.append("LastName", input.lastName);
      data.append("PhoneNumber", input.phoneNumber);
      if (input.picture) data.append("ProfilePic", input.picture);
      return (
        await http.put<{ message: string; account: MyAccount }>("account/profile", data, { silent: true })
      ).data;
    },
    onSuccess: (answer) => queryClient.setQueryData(ACCOUNT_KEY, answer.account),
  });
}

/** POST account/change-password: my other sessions end. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) =>
      (await http.post<{ message: string }>("account/change-password", body, { silent: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY }),
  });
}

/** DELETE account/sessions/{id}, or POST account/sessions/end-others when no id is given. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string | undefined) =>
      (id
        ? await http.delete<{ message: string }>(`account/sessions/${encodeURIComponent(id)}`, {
            silent: true,
          })
        : await http.post<{ message: string }>("account/sessions/end-others", undefined, { silent: true })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
