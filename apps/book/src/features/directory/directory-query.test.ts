import { describe, expect, it } from "vitest";
import { filtersOf, queryOf } from "./directory-query";

describe("the directory's address", () => {
  it("reads every filter and leaves blanks and the default order out of the API query", () => {
    const filters = filtersOf(
      new URLSearchParams(
        "search=+student+&country=uk&language=urdu&visaType=student+visa&minFee=0&maxFee=&sort=rating",
      ),
    );
    expect(queryOf(filters)).toEqual({
      search: "student",
      country: "uk",
      language: "urdu",
      visaType: "student visa",
      minFee: 0,
      sort: "rating",
    });
    expect(queryOf(filtersOf(new URLSearchParams("")))).toEqual({});
  });

  it("falls back to the recommended order for an order it does not know", () => {
    expect(filtersOf(new URLSearchParams("sort=cheapest")).sort).toBe("recommended");
  });
});
