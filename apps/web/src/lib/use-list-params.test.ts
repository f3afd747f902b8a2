import { afterEach, describe, expect, it } from "vitest";
import { readListAddress, storedPageSize } from "./use-list-params";

const read = (query: string, stored = "") =>
  readListAddress(new URLSearchParams(query), stored, ["status", "role"] as const);

describe("readListAddress: what a list's address asks for, read once for the list and its prefetch", () => {
  it("reads page, size, search, order and the list's own filters", () => {
    expect(read("page=3&size=50&search=ali&sort=-email&status=active&other=x")).toEqual({
      page: 3,
      pageSize: 50,
      search: "ali",
      sort: "-email",
      filters: { status: "active", role: "" },
      filtered: true,
    });
  });

  it("without them: page 1, the spec's 12 rows, no search, the list's own order, no filter", () => {
    expect(read("")).toEqual({
      page: 1,
      pageSize: 12,
      search: "",
      sort: "",
      filters: { status: "", role: "" },
      filtered: false,
    });
  });

  it("the size: the address's if offered, else the stored one if offered, else 12", () => {
    expect(read("size=25", "100").pageSize).toBe(25);
    expect(read("", "100").pageSize).toBe(100);
    expect(read("size=7", "50").pageSize).toBe(50);
    expect(read("size=7", "13").pageSize).toBe(12);
  });

  it("a page that is not a page number is page 1", () => {
    expect(read("page=0").page).toBe(1);
    expect(read("page=-4").page).toBe(1);
    expect(read("page=abc").page).toBe(1);
  });
});

describe("storedPageSize", () => {
  afterEach(() => localStorage.clear());

  it("is the size last chosen on that list, as the list stores it", () => {
    localStorage.setItem("visadesk:page-size:/app-users", "50");
    expect(storedPageSize("/app-users")).toBe("50");
    expect(storedPageSize("/users")).toBe("");
  });
});
