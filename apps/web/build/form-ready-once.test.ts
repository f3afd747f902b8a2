import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formReadyOnce, READY_STATE_UPDATE } from "./form-ready-once";

const formModule = path.resolve(
  import.meta.dirname,
  "../../../node_modules/react-hook-form/dist/index.esm.mjs",
);
type Transform = (code: string, id: string) => { code: string } | null;
const transformWith = (error: (message: string) => never) =>
  (formReadyOnce().transform as Transform).bind({ error } as never);
const fail = (message: string): never => {
  throw new Error(message);
};

describe("react-hook-form's ready state", () => {
  it("is no longer a state update of useForm, and nothing else of the installed module changes", () => {
    const code = fs.readFileSync(formModule, "utf8");
    const result = transformWith(fail)(code, formModule);
    expect(result?.code).not.toContain(READY_STATE_UPDATE);
    expect(result?.code).toContain("control._formState.isReady = true;");
    expect(result?.code.length).toBe(code.length - READY_STATE_UPDATE.length);
  });

  it("leaves every other module alone, and stops the build when the update is not where it was", () => {
    expect(transformWith(fail)("const a = 1;", "/src/form.tsx")).toBeNull();
    expect(() => transformWith(fail)("export {};", formModule)).toThrow(/no longer makes the ready state/);
  });
});
