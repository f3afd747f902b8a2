import type { Appointment } from "@visadesk/contract/appointments";
import type { Consultant } from "@visadesk/contract/consultants";
import type { GlobalSearch } from "@visadesk/contract/search";
import type { User } from "@visadesk/contract/users";
import { describe, expect, it } from "vitest";
import { foundOptions, groupsOf } from "./found";

const consultant = {
  guidId: "c-1",
  name: "Sara Khan",
  businessName: "Khan Visas",
  contactEmail: "sara@x.test",
  phoneNumber: "+92 300",
} as Consultant;
const user = (guidId: string, roles: string[]) =>
  ({
    guidId,
    userName: `user-${guidId}`,
    email: `${guidId}@x.test`,
    firstName: "Ali",
    lastName: null,
    cnic: "35202-1234567-1",
    phoneNumber: null,
    userRoles: { roles },
  }) as unknown as User;
const appointment = {
  guidId: "a-1",
  appointmentDate: "2030-05-06",
  appointmentTime: "09:30:00",
  userEmail: "ali@x.test",
  consultantName: "Sara Khan",
  status: "Pending",
} as Appointment;
const empty = { data: [], total: 0 };

describe("groupsOf", () => {
  it("keeps the groups that found something, in the header's order, with their totals", () => {
    const found: GlobalSearch = {
      consultants: { data: [consultant], total: 12 },
      appUsers: empty,
      internalUsers: { data: [user("i-1", ["Staff"])], total: 1 },
      appointments: { data: [appointment], total: 2_400, totalIsEstimate: true },
    };
    const groups = groupsOf(found);
    expect(groups.map((group) => [group.label, group.total, group.totalIsEstimate])).toEqual([
      ["Consultants", 12, false],
      ["Internal users", 1, false],
      ["Appointments", 2_400, true],
    ]);
    expect(groups[0]?.noun(12)).toBe("consultants");
    expect(groups[1]?.noun(1)).toBe("internal user");
  });

  it("opens each record where it lives: edit pages, the internal users list narrowed, an appointment's details", () => {
    const found: GlobalSearch = {
      consultants: { data: [consultant], total: 1 },
      appUsers: { data: [user("u-1", ["AppUser"])], total: 1 },
      internalUsers: { data: [user("i-1", ["Admin"])], total: 1 },
      appointments: { data: [appointment], total: 1 },
    };
    const options = foundOptions(groupsOf(found));
    expect(options.map((option) => option.target)).toEqual([
      { kind: "page", to: "/edit-user/c-1" },
      { kind: "page", to: "/edit-app-user/u-1" },
      { kind: "page", to: "/internal-users/i-1" },
      { kind: "appointment", appointment },
    ]);
    // Values are unique across groups, so the arrow keys and Enter never confuse two records.
    expect(new Set(options.map((option) => option.value)).size).toBe(options.length);
    expect(options[1]?.detail).toContain("35202-1234567-1");
    expect(options[3]?.title).toBe("2030-05-06 09:30");
  });
});
