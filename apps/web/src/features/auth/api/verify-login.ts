import { useMutation } from "@tanstack/react-query";
import type { LoginBody, LoginResponse } from "@visadesk/contract/auth";
import { http } from "../../../lib/http";

/** POST connect/verify-login; the page shows the server's message itself (401 and 403 say why). */
export async function verifyLogin(body: LoginBody): Promise<LoginResponse> {
  const response = await http.post<LoginResponse>("connect/verify-login", body, { silent: true });
  return response.data;
}

export const useVerifyLogin = () => useMutation({ mutationFn: verifyLogin });
