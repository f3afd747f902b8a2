import { useMergedRef } from "@mantine/hooks";
import type { Ref } from "react";

/**
 * The one hook Mantine's ScrollArea takes from the positioning library, in the library's signature (an array
 * of refs), made of Mantine's own ref merging. The build gives it to ScrollArea (build/scroll-area-refs.ts) so
 * that every list, whose table scrolls sideways through ScrollArea, does not download that whole library
 * (the tooltips' and popovers', loaded when one is first used).
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
