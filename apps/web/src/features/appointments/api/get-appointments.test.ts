import { describe, expect, it } from "vitest";
import { appointmentListQuery } from "./get-appointments";

describe("the appointments list's query", () => {
  it("names the address's consultant and customer as the API does, and keeps the order", () => {
    expect(
      appointmentListQuery({
        sort: "-date",
        filters: { consultant: "c-1", customer: "u-2", status: "Pending", paid: "false", from: "2031-03-01" },
      }),
    ).toEqual({
      consultantId: "c-1",
      userId: "u-2",
      status: "Pending",
      paid: "false",
      from: "2031-03-01",
      sort: "-date",
    });
  });

  it("leaves out what the list does not know, so an edited link shows the list instead of an error", () => {
    expect(
      appointmentListQuery({
        filters: {
          status: "Lost",
          attendance: "Maybe",
          paid: "yes",
          from: "2031-02-30",
          to: "soon",
          consultant: "",
        },
      }),
    ).toEqual({});
  });
});
