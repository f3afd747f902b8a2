import type { Appointment, AppointmentListQuery, AppointmentPage } from "@visadesk/contract/appointments";
import type { AppDeps } from "#api/deps";
import { pageWindow } from "#api/lib/lists";
import { todayIn } from "#api/lib/schedule";
import { findAppointmentConsultant } from "../consultants/queries";
import {
  headerTerm,
  peopleOf,
  SEARCH_WINDOW,
  type SharedPasses,
  sharedPasses,
  windowTotal,
} from "../search/window";
import { findAccountId } from "../users/queries";
import { toAnswers } from "./appointment-answer";
import * as lists from "./list-repository";
import * as search from "./search-repository";

/** The list's filters by row ids; undefined when the consultant or customer named does not exist. */
export async function filtersOf(
  { db }: Pick<AppDeps, "db">,
  query: AppointmentListQuery,
): Promise<lists.AppointmentFilters | undefined> {
  const filters: lists.AppointmentFilters = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    ...(query.attendance ? { attendance: query.attendance } : {}),
    ...(query.paid !== undefined ? { paid: query.paid } : {}),
  };
  if (query.consultantId) {
    const consultant = await findAppointmentConsultant(db.kysely, query.consultantId);
    if (!consultant) return undefined;
    filters.consultantId = consultant.id;
  }
  if (query.userId) {
    const customer = await findAccountId(db.kysely, query.userId);
    if (!customer) return undefined;
    filters.userId = customer.id;
  }
  return filters;
}

/** The appointments list: every match as an array, or a page with its total when one is asked. */
export async function listAppointments(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  query: AppointmentListQuery,
): Promise<Appointment[] | AppointmentPage> {
  const { db, clock, config } = deps;
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const filters = await filtersOf(deps, query);
  // A consultant or customer that does not exist has no appointments.
  if (!filters) return paged ? { data: [], total: 0 } : [];
  const order = { sort: query.sort, today: todayIn(clock.now(), config.businessTimeZone) };
  if (!paged) return toAnswers(deps, await lists.listAppointments(db.kysely, filters, undefined, order));
  const [records, total] = await Promise.all([
    lists.listAppointments(db.kysely, filters, pageWindow(query), order),
    lists.countAppointments(db.kysely, filters, query.exactTotal),
  ]);
  return { data: await toAnswers(deps, records), ...total };
}

/**
 * The header search's appointments (modules/search/window.ts): those whose customer or consultant
 * matches the term, from the people the indexes find, or among the newest appointments.
 */
export async function searchAppointments(
  deps: Pick<AppDeps, "db" | "config">,
  text: string,
  limit: number,
  passes: SharedPasses = sharedPasses(),
) {
  const { db } = deps;
  const term = headerTerm(text);
  const people = term.indexed ? await peopleOf(db, passes, term) : undefined;
  if (people?.users.complete && people.consultants.complete) {
    const found = { users: people.users.ids, consultants: people.consultants.ids };
    const { rows, total } = await search.appointmentsOf(db, found, limit);
    return { items: await toAnswers(deps, rows), ...total };
  }
  const [{ rows, window }, population] = await Promise.all([
    search.appointmentsInWindow(db, term, limit, SEARCH_WINDOW, people),
    search.appointmentPopulation(db),
  ]);
  return { items: await toAnswers(deps, rows), ...windowTotal(window, population) };
}
