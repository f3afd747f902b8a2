import type { RegisterFields } from "@visadesk/contract/auth";
import { authEndpoints } from "@visadesk/contract/auth-endpoints";
import { call } from "@/lib/api-client";
import { useAction } from "@/lib/use-action";

export interface RegisterInput extends RegisterFields {
  ProfilePic: File | null;
}

/** POST connect/register as a multipart form with the spec's field names. */
export async function register(input: RegisterInput) {
  const { UserName, Email, FirstName, LastName, PhoneNumber, Password, ProfilePic } = input;
  return call(
    authEndpoints.register,
    {
      form: {
        UserName,
        Email,
        FirstName,
        LastName,
        PhoneNumber,
        Password,
        ProfilePic: ProfilePic ?? undefined,
      },
    },
    { silent: true },
  );
}

export const useRegister = () => useAction(register);
