import { describe, expect, it } from "vitest";
import { exportLabel } from "./export-button";
import { fileNameOf } from "./export-download";

describe("the export button", () => {
  it("says how many rows it will export, in thousands", () => {
    expect(exportLabel(1234)).toBe("Export 1,234 rows");
    expect(exportLabel(1)).toBe("Export 1 row");
    expect(exportLabel(100_000, true)).toBe("Export about 100,000 rows");
  });

  it("saves under the server's file name, plain or encoded, else a plain one", () => {
    expect(fileNameOf('attachment; filename="consultants-2026-11-23.csv"', "export.csv")).toBe(
      "consultants-2026-11-23.csv",
    );
    expect(fileNameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv", "export.csv")).toBe("résumé.csv");
    expect(fileNameOf(null, "export.csv")).toBe("export.csv");
  });
});
