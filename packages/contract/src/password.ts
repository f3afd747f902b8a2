import { z } from "zod";
import {
  authMessages,
  authValidationMessages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./auth-constants";

/** Every password a person chooses: 8 to 128 characters, nothing else (the common-password check is the server's). */
export const newPasswordSchema = (requiredMessage: string = authValidationMessages.passwordRequired) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);
