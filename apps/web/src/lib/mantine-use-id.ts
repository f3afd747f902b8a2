import { useId as useReactId } from "react";

/**
 * Mantine's useId (@mantine/hooks) as the build gives it to Mantine (build/mantine-use-id.ts): the given id,
 * else one made of React's, which is the same on every render, so the component renders once on mount.
 * Only letters, digits, "_" and "-", so that it also works unescaped in a CSS selector.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : `mantine-${reactId.replace(/[^\w-]/g, "")}`;
}
