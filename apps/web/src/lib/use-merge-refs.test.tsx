import { render } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import { useMergeRefs } from "./use-merge-refs";

function Box({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div ref={useMergeRefs(refs)} data-testid="box" />;
}

describe("useMergeRefs (ScrollArea's, made of Mantine's ref merging)", () => {
  it("hands the element to every ref, object or function, and takes it back on unmount", () => {
    const object = createRef<HTMLDivElement>();
    const seen: (HTMLDivElement | null)[] = [];
    const view = render(<Box refs={[object, (node) => void seen.push(node), undefined]} />);
    const box = view.getByTestId("box");
    expect(object.current).toBe(box);
    expect(seen).toEqual([box]);
    view.unmount();
    expect(object.current).toBeNull();
    expect(seen.at(-1)).toBeNull();
  });
});
