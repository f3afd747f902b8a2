import type { RegisterFields, RegisterResponse } from "@visadesk/contract/auth";
import { http } from "@/lib/http";
import { useAction } from "@/lib/use-action";

export interface RegisterInput extends RegisterFields {
  ProfilePic: File | null;
}

/** POST connect/register as a multipart form with the spec's field names. */
export async function register(input: RegisterInput) {
  const form = new FormData();
  for (const name of ["UserName", "Email", "FirstName", "LastName", "PhoneNumber", "Password"] as const) {
    form.append(name, input[name]);
  }
  if (input.ProfilePic) form.append("ProfilePic", input.ProfilePic);
  const response = await http.post<RegisterResponse>("connect/register", form, { silent: true });
  return response.data;
}

export const useRegister = () => useAction(register);
