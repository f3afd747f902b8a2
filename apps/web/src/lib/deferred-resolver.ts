import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form's resolver that arrives after the page: the schema (and zod, about 22 KB compressed) is asked for
 * once the browser is first idle, so the page draws without waiting for it, and it is there long before a
 * field is checked; a check made sooner waits for it. A download that fails is tried again at the next check.
 */
export function deferredResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  let pending: Promise<Resolver<Input, unknown, Output>> | undefined;
  const resolver = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const whenIdle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  whenIdle(() => void resolver().catch(() => undefined));
  return async (values, context, options) => (await resolver())(values, context, options);
}
