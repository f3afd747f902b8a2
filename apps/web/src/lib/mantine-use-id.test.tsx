import { useId as mantinesOwnUseId } from "@mantine/hooks";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useId } from "./mantine-use-id";

type UseId = (staticId?: string) => string;

/** A field that reports each id it renders with. */
function Field({ use, staticId, ids }: { use: UseId; staticId?: string; ids: string[] }) {
  ids.push(use(staticId));
  return null;
}

function renders(use: UseId, staticId?: string) {
  const ids: string[] = [];
  render(<Field use={use} staticId={staticId} ids={ids} />);
  return ids;
}

describe("useId as Mantine's components get it", () => {
  it("renders once on mount with an id that stays, where Mantine's own renders twice", () => {
    const ids = renders(useId);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^mantine-[\w-]+$/);
    // The behaviour replaced: a second, synchronous render to change the id.
    expect(renders(mantinesOwnUseId)).toHaveLength(2);
  });

  it("gives each component its own id, and a given id as it is", () => {
    const first = renders(useId)[0];
    const second = renders(useId)[0];
    expect(first).not.toBe(second);
    expect(renders(useId, "email")).toEqual(["email"]);
  });
});
