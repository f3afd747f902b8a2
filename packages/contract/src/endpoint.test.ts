import { describe, expect, it } from "vitest";
import { pathOf } from "./endpoint";
import { taskEndpoints } from "./tasks-endpoints";

describe("an endpoint's path", () => {
  it("fills in its parameters, each one encoded", () => {
    expect(pathOf(taskEndpoints.update, { id: "a/b c?" })).toBe("/api/v2/tasks/a%2Fb%20c%3F");
    expect(pathOf(taskEndpoints.list, undefined)).toBe("/api/v2/tasks");
  });

  it("refuses to build a path with a parameter missing", () => {
    expect(() => pathOf(taskEndpoints.remove, {})).toThrow("/api/v2/tasks/{id} needs id");
  });
});
