import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { accountEndpoints } from "@visadesk/contract/account-endpoints";
import type { ChangePasswordBody } from "@visadesk/contract/account-forms";
import { call } from "@/lib/api-client";
import { useQueryInSlices } from "@/lib/use-query-in-slices";

const ACCOUNT_KEY = ["account"] as const;
const SESSIONS_KEY = ["account", "sessions"] as const;

/** GET account: my own profile. */
export const myAccountQueryOptions = () =>
  queryOptions({ queryKey: ACCOUNT_KEY, queryFn: () => call(accountEndpoints.me, {}, { silent: true }) });
export const useMyAccount = () => useQueryInSlices(myAccountQueryOptions());

/** GET account/sessions: my live sessions (not while a one-time password must be replaced). */
export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: SESSIONS_KEY,
    queryFn: () => call(accountEndpoints.sessions, {}, { silent: true }),
  });
export const useMySessions = (enabled: boolean) => useQueryInSlices({ ...mySessionsQueryOptions(), enabled });

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
    mutationFn: (input: ProfileInput) =>
      call(
        accountEndpoints.updateProfile,
        {
          form: {
            FirstName: input.firstName,
            LastName: input.lastName,
            PhoneNumber: input.phoneNumber,
            ProfilePic: input.picture ?? undefined,
          },
        },
        { silent: true },
      ),
    onSuccess: (answer) => queryClient.setQueryData(ACCOUNT_KEY, answer.account),
  });
}

/** POST account/change-password: my other sessions end. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      call(accountEndpoints.changePassword, { body }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY }),
  });
}

/** DELETE account/sessions/{id}, or POST account/sessions/end-others when no id is given. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | undefined) =>
      id
        ? call(accountEndpoints.endSession, { params: { id } }, { silent: true })
        : call(accountEndpoints.endOtherSessions, {}, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
