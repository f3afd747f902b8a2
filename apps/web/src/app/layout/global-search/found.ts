import type { Appointment } from "@visadesk/contract/appointments";
import type { Consultant } from "@visadesk/contract/consultants";
import type { GlobalSearch } from "@visadesk/contract/search";
import type { User } from "@visadesk/contract/users";
import { paths } from "@/lib/paths";

/** Where a found record opens: a page, or (an appointment) its details dialog over the current page. */
export type FoundTarget = { kind: "page"; to: string } | { kind: "appointment"; appointment: Appointment };

export interface FoundOption {
  /** Unique across groups: the combobox tells options apart by it. */
  value: string;
  title: string;
  detail: string;
  target: FoundTarget;
}

export interface FoundGroup {
  kind: keyof GlobalSearch;
  label: string;
  noun: (count: number) => string;
  total: number;
  totalIsEstimate: boolean;
  options: FoundOption[];
}

const plural = (one: string, many: string) => (count: number) => (count === 1 ? one : many);
const joined = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" · ");

const fullName = (user: User) => [user.firstName, user.lastName].filter(Boolean).join(" ") || user.userName;

const consultantOption = (consultant: Consultant): FoundOption => ({
  value: `consultant:${consultant.guidId}`,
  title: consultant.name,
  detail: joined(consultant.businessName, consultant.contactEmail, consultant.phoneNumber),
  target: { kind: "page", to: paths.consultants.edit(consultant.guidId) },
});

const appUserOption = (user: User): FoundOption => ({
  value: `app-user:${user.guidId}`,
  title: fullName(user),
  detail: joined(user.email, user.cnic, user.phoneNumber),
  target: { kind: "page", to: paths.appUsers.edit(user.guidId) },
});

const internalUserOption = (user: User): FoundOption => ({
  value: `internal-user:${user.guidId}`,
  title: fullName(user),
  detail: joined(user.email, user.userRoles.roles.join(", ")),
  target: { kind: "page", to: paths.internalUsers.view(user.guidId) },
});

const appointmentOption = (appointment: Appointment): FoundOption => ({
  value: `appointment:${appointment.guidId}`,
  title: `${appointment.appointmentDate} ${appointment.appointmentTime.slice(0, 5)}`,
  detail: joined(appointment.userEmail, appointment.consultantName, appointment.status),
  target: { kind: "appointment", appointment },
});

/** The answer's groups that found something, in the header's order. */
export function groupsOf(found: GlobalSearch): FoundGroup[] {
  const groups: FoundGroup[] = [
    {
      kind: "consultants",
      label: "Consultants",
      noun: plural("consultant", "consultants"),
      total: found.consultants.total,
      totalIsEstimate: Boolean(found.consultants.totalIsEstimate),
      options: found.consultants.data.map(consultantOption),
    },
    {
      kind: "appUsers",
      label: "App users",
      noun: plural("app user", "app users"),
      total: found.appUsers.total,
      totalIsEstimate: Boolean(found.appUsers.totalIsEstimate),
      options: found.appUsers.data.map(appUserOption),
    },
    {
      kind: "internalUsers",
      label: "Internal users",
      noun: plural("internal user", "internal users"),
      total: found.internalUsers.total,
      totalIsEstimate: Boolean(found.internalUsers.totalIsEstimate),
      options: found.internalUsers.data.map(internalUserOption),
    },
    {
      kind: "appointments",
      label: "Appointments",
      noun: plural("appointment", "appointments"),
      total: found.appointments.total,
      totalIsEstimate: Boolean(found.appointments.totalIsEstimate),
      options: found.appointments.data.map(appointmentOption),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

export const foundOptions = (groups: FoundGroup[]) => groups.flatMap((group) => group.options);
