import { appointmentEndpoints } from "@visadesk/contract/appointments-endpoints";
import { MAX_PAGE_SIZE } from "@visadesk/contract/common-constants";
import { consultantEndpoints } from "@visadesk/contract/consultants-endpoints";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addressOfCall } from "../lib/api-client";
import { exactCount, matchingIds } from "./bulk-actions";

/** Answers each call with the next of `answers`, keeping the addresses asked. */
function answering(...answers: unknown[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (address: string) => {
      asked.push(address);
      return new Response(JSON.stringify(answers.shift()), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return asked;
}
const queryOf = (address: string) => Object.fromEntries(new URL(address, "http://host").searchParams);

afterEach(() => vi.unstubAllGlobals());

describe("the shared list tools", () => {
  it("count every match exactly through the list's own declaration", async () => {
    const asked = answering({ data: [], total: 1234 });
    await expect(exactCount(consultantEndpoints.list, { search: "visa", approved: "true" })).resolves.toBe(
      1234,
    );
    expect(new URL(asked[0] as string, "http://host").pathname).toBe("/api/v2/Consultants/consultants");
    expect(queryOf(asked[0] as string)).toEqual({
      search: "visa",
      approved: "true",
      page: "1",
      pageSize: "1",
      exactTotal: "true",
    });
  });

  it("collect every matching id page by page, from a paged or an unpaged answer", async () => {
    const full = Array.from({ length: MAX_PAGE_SIZE }, (_, index) => ({ guidId: `a${index}` }));
    const asked = answering({ data: full, total: MAX_PAGE_SIZE + 1 }, [{ guidId: "last" }]);
    const ids = await matchingIds(appointmentEndpoints.list, { status: "Pending" }, (row) => row.guidId);
    expect(ids).toHaveLength(MAX_PAGE_SIZE + 1);
    expect(ids.at(-1)).toBe("last");
    expect(asked.map((address) => new URL(address, "http://host").pathname)).toEqual([
      "/api/v2/userAppointment/appointments",
      "/api/v2/userAppointment/appointments",
    ]);
    expect(asked.map((address) => queryOf(address).page)).toEqual(["1", "2"]);
  });

  it("write an export's address as call() writes its query: a list of countries comma-joined", () => {
    const address = addressOfCall(consultantEndpoints.export, {
      query: { search: "a b", country: ["pakistan", "canada"] },
    });
    expect(address).toMatch(/\/api\/v2\/Consultants\/consultants\/export\?/);
    expect(queryOf(address)).toEqual({ search: "a b", country: "pakistan,canada" });
  });
});
