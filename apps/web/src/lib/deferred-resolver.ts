import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/** At the browser's next idle moment after a paint, or a second later if it has none. */
function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 1000 });
  else requestAnimationFrame(() => setTimeout(run));
}

/**
 * What a form needs only to check its values (its rules, with zod: about 22 KB compressed), asked for as soon
 * as a field or button of a form takes focus, once the browser is idle after painting. A page draws and settles without
 * building its rules (on a slow phone, a long task of their own), and they are there by the time a field is
 * first checked, on leaving it; a check made sooner waits for them. A download that fails is tried again at
 * the next check.
 */
export function whenFormUsed<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const onFocus = (event: FocusEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest("form")) return;
    document.removeEventListener("focusin", onFocus, true);
    // Once the page has painted and the browser is idle: a field focused as its page renders (autofocus)
    // would otherwise start the download before the page's first paint, which then waits for it too.
    whenIdle(() => void get().catch(() => undefined));
  };
  document.addEventListener("focusin", onFocus, true);
  return get;
}

/** A form's resolver that arrives when a form is first used (see whenFormUsed). */
export function deferredResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  const resolver = whenFormUsed(load);
  return async (values, context, options) => (await resolver())(values, context, options);
}

/** deferredResolver of a zod schema: the schema's module and zod's resolver are asked for together. */
export function deferredZodResolver<Input extends FieldValues, Output = Input>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  return deferredResolver(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import("@hookform/resolvers/zod"), loadSchema()]);
    return zodResolver(schema);
  });
}
