import type { ConsultantFields } from "@visadesk/contract/consultants";
import type { DeleteAppointmentChoice } from "@visadesk/contract/consultants-constants";
import type { ConsultantListQuery } from "@visadesk/contract/consultants-list";
import type { AddressBody, TimingBody } from "@visadesk/contract/consultants-timings-addresses";
import type { ConsultantBulkBody } from "@visadesk/contract/lists";
import type { AppDeps } from "#api/deps";
import type { CsvColumn } from "#api/lib/lists";
import type { AuthUser } from "#api/modules/auth/auth-user";
import type { SharedPasses } from "../search/window";
import { listAddresses, saveAddresses } from "./addresses";
import { bulkConsultants } from "./approval";
import { consultantDetails, getConsultantDetail } from "./consultant-detail";
import { listConsultants, searchConsultants } from "./consultant-list";
import { deleteConsultant, deletionImpact, restoreConsultant } from "./deletion";
import { editConsultant, timeZoneChange } from "./editing";
import { exportConsultants, recordConsultantExport } from "./export";
import type { ExportedConsultant } from "./list-repository";
import { type ConsultantImages, registerConsultant } from "./registration";
import { listTimings, saveTiming } from "./timings";

type RecordListQuery = { consultantId?: string | undefined; page?: number; pageSize?: number };

/**
 * The consultants module as the routes and the header search call it: each use case is its own file,
 * given the app's dependencies and this app's kept consultant details here.
 */
export function createConsultantService(appDeps: AppDeps) {
  const deps = { ...appDeps, details: consultantDetails(appDeps.db) };
  return {
    list: (query: ConsultantListQuery) => listConsultants(deps, query),
    search: (text: string, limit: number, passes?: SharedPasses) =>
      searchConsultants(deps, text, limit, passes),
    recordExport: (query: object) => recordConsultantExport(deps, query),
    exportRows: (query: ConsultantListQuery, columns: readonly CsvColumn<ExportedConsultant>[]) =>
      exportConsultants(deps, query, columns),
    bulk: (body: ConsultantBulkBody, user: AuthUser) => bulkConsultants(deps, body, user),
    get: (key: string) => getConsultantDetail(deps, key),
    create: (
      fields: ConsultantFields,
      guidId: string | undefined,
      images: ConsultantImages,
      user: AuthUser,
    ) => registerConsultant(deps, fields, guidId, images, user),
    update: (
      guidId: string,
      fields: ConsultantFields,
      images: ConsultantImages,
      user: AuthUser,
      expected?: number,
    ) => editConsultant(deps, guidId, fields, images, user, expected),
    timeZoneChange: (key: string, timeZone: string) => timeZoneChange(deps, key, timeZone),
    deletionImpact: (key: string) => deletionImpact(deps, key),
    remove: (
      key: string,
      decision: {
        appointments?: DeleteAppointmentChoice | undefined;
        reason?: string | undefined;
        confirmUpcoming?: boolean;
      },
      user: AuthUser,
    ) => deleteConsultant(deps, key, decision, user),
    restore: (key: string, user: AuthUser) => restoreConsultant(deps, key, user),
    listTimings: (query: RecordListQuery) => listTimings(deps, query),
    listAddresses: (query: RecordListQuery) => listAddresses(deps, query),
    saveTiming: (body: TimingBody, user: AuthUser, expected?: number) =>
      saveTiming(deps, body, user, expected),
    saveAddresses: (bodies: AddressBody[], user: AuthUser, expected?: Array<number | undefined>) =>
      saveAddresses(deps, bodies, user, expected),
  };
}
export type ConsultantService = ReturnType<typeof createConsultantService>;
