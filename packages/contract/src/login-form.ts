import { authValidationMessages } from "./auth-constants";

/** The sign-in form: one box for the email or the username; the page sends whichever it is. */
export interface LoginForm {
  login: string;
  password: string;
}

type LoginFormIssue = { message: string; path: [keyof LoginForm] };
type LoginFormResult = { value: LoginForm; issues?: undefined } | { issues: LoginFormIssue[] };

/** The part of the Standard Schema interface (version 1) that a synchronous schema implements. */
interface LoginFormStandardSchema {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => LoginFormResult;
    readonly types?: { readonly input: LoginForm; readonly output: LoginForm };
  };
}

/**
 * The sign-in form's two rules as a Standard Schema (the interface zod's schemas implement, which form
 * resolvers accept). Written without zod because /login is the first page most visitors load and zod
 * would be the largest part of it; the login box is trimmed, as the zod forms trim their text fields.
 */
export const loginFormSchema: LoginFormStandardSchema = {
  "~standard": {
    version: 1,
    vendor: "visadesk",
    validate(value): LoginFormResult {
      const form = (value ?? {}) as Partial<Record<keyof LoginForm, unknown>>;
      const login = typeof form.login === "string" ? form.login.trim() : "";
      const password = typeof form.password === "string" ? form.password : "";
      const issues: LoginFormIssue[] = [];
      if (!login) issues.push({ message: authValidationMessages.loginRequired, path: ["login"] });
      if (!password) issues.push({ message: authValidationMessages.passwordRequired, path: ["password"] });
      return issues.length ? { issues } : { value: { login, password } };
    },
  },
};
