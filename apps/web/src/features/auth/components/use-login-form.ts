import { type LoginForm, loginFormSchema } from "@visadesk/contract/login-form";
import { type FormEvent, useCallback, useMemo, useRef, useState } from "react";

type Field = keyof LoginForm;
const FIELDS: Field[] = ["login", "password"];
type Errors = Partial<Record<Field, string>>;

/**
 * The sign-in form's state, as the other forms' form library keeps it (uncontrolled inputs, the schema run
 * on submit, then again on every change of a field that was submitted), written out for its two fields so
 * that /login, where most visits start, does not download that library.
 */
export function useLoginForm() {
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors>({});

  const check = useCallback(() => {
    const result = loginFormSchema["~standard"].validate({
      login: inputs.current.login?.value ?? "",
      password: inputs.current.password?.value ?? "",
    });
    const found: Errors = {};
    for (const issue of result.issues ?? []) found[issue.path[0]] ??= issue.message;
    return { result, found };
  }, []);

  const register = useCallback(
    (name: Field) => ({
      name,
      ref: (input: HTMLInputElement | null) => {
        inputs.current[name] = input;
      },
      // After a first submit, a change shows or clears that field's message at once.
      onChange: () => {
        if (!submitted.current) return;
        const message = check().found[name];
        setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
      },
    }),
    [check],
  );

  const handleSubmit = useCallback(
    (onValid: (values: LoginForm) => Promise<void> | void) => async (event: FormEvent) => {
      event.preventDefault();
      submitted.current = true;
      const { result, found } = check();
      setErrors(found);
      if (result.issues) {
        const first = FIELDS.find((field) => found[field]);
        if (first) inputs.current[first]?.focus();
        return;
      }
      await onValid(result.value);
    },
    [check],
  );

  return useMemo(
    () => ({
      register,
      handleSubmit,
      errors,
      setValue(name: Field, value: string) {
        const input = inputs.current[name];
        if (input) input.value = value;
      },
      setFocus: (name: Field) => inputs.current[name]?.focus(),
    }),
    [register, handleSubmit, errors],
  );
}
