import type {
  AddressBody,
  Consultant,
  ConsultantAddress,
  ConsultantDeleted,
  ConsultantDetail,
  ConsultantFields,
  ConsultantList,
  ConsultantListQuery,
  ConsultantRestored,
  ConsultantTiming,
  TimeZoneChange,
  TimingBody,
} from "@visadesk/contract/consultants";
import {
  addressMessages,
  consultantDeletionMessages,
  consultantMessages,
  type DeleteAppointmentChoice,
  timeZoneChangeMessages,
  timingMessages,
  WEEKDAYS,
} from "@visadesk/contract/consultants-constants";
import type { BulkResult, ConsultantBulkBody } from "@visadesk/contract/lists";
import { brokenUniqueIndex } from "#api/db/errors";
import { keptReads } from "#api/db/kept-reads";
import { readRowCounts } from "#api/db/list-total";
import type { Executor } from "#api/db/schema";
import { idSpan } from "#api/db/search";
import type { AppDeps } from "#api/deps";
import { localDate } from "#api/lib/clock";
import { Conflict, NotFound } from "#api/lib/errors";
import { newGuid } from "#api/lib/ids";
import {
  alreadyAsAsked,
  type CsvColumn,
  type CsvRows,
  csvRows,
  EXPORT_PAGE,
  eachRow,
  pageWindow,
} from "#api/lib/lists";
import { StaleVersion } from "#api/lib/versions";
import type { AuthUser } from "#api/modules/auth/auth-user";
import {
  cancellationMails,
  countCancelledByDelete,
  countUpcomingAppointments,
  settleUpcoming,
} from "../appointments/deleted-party";
import { appointmentsToRezone, rezoneAppointments, upcomingOf } from "../appointments/time-zone-change";
import { type AuditChanges, changesBetween, recordChange, recordExport } from "../audit/service";
import type { CheckedImage } from "../files/service";
import {
  headerTerm,
  passOf,
  passTotal,
  readsWindow,
  SEARCH_WINDOW,
  type SharedPasses,
  sharedPasses,
  windowTotal,
} from "../search/window";
import * as repo from "./repository";

/** The checked images of a save, by the answer field that keeps each one's path. */
export interface ConsultantImages {
  logoURL?: CheckedImage | undefined;
  profilePic?: CheckedImage | undefined;
  profilePicThumbnail?: CheckedImage | undefined;
}

/** createdBy / updatedBy record who did it: the signed-in user's userName, never a value from the body. */
const actorOf = (user: AuthUser) => user.userName;

/** The consultant's fields its history records (what the forms edit). */
const AUDITED_FIELDS = repo.CONSULTANT_FIELDS satisfies ReadonlyArray<keyof repo.ConsultantRecord>;

/** A new image is recorded as "changed": its path says nothing to a reader, its bytes never go in. */
function imageChanges(paths: { logoUrl?: string; profilePic?: string }): AuditChanges {
  return {
    ...(paths.logoUrl ? { logoURL: "changed" as const } : {}),
    ...(paths.profilePic ? { profilePic: "changed" as const } : {}),
  };
}

/** A consultant without a time zone of its own works in the business zone. */
function toConsultant(row: repo.ConsultantRecord, businessTimeZone: string): Consultant {
  const { logoUrl, deletedAt: _deletedAt, revision: _revision, ...rest } = row;
  return { ...rest, logoURL: logoUrl, timeZone: row.timeZone ?? businessTimeZone };
}

/** A timing's days as history fields ("monday" -> "hours.monday"); null before a creation, after a deletion. */
function timingChanges(before: repo.TimingRecord | null, after: repo.TimingRecord | null): AuditChanges {
  const hours = (row: repo.TimingRecord | null) =>
    row && Object.fromEntries(WEEKDAYS.map((day) => [`hours.${day}`, row[day] || null]));
  return changesBetween(
    hours(before),
    hours(after),
    WEEKDAYS.map((day) => `hours.${day}`),
  );
}

/** An office address as one line of the history; null before a creation, after a deletion. */
function addressChanges(before: repo.AddressRecord | null, after: repo.AddressRecord | null): AuditChanges {
  const line = (row: repo.AddressRecord | null) =>
    row && {
      officeAddress: [row.address, row.city, row.state, row.zipCode, row.country].filter(Boolean).join(", "),
    };
  return changesBetween(line(before), line(after), ["officeAddress"]);
}

function toTiming(row: repo.TimingRecord, consultantGuid: string): ConsultantTiming {
  const { consultantId: _id, ...rest } = row;
  return { ...rest, consultantId: consultantGuid };
}

function toAddress(row: repo.AddressRecord, consultantGuid: string): ConsultantAddress {
  const { consultantId: _id, ...rest } = row;
  return { ...rest, consultantId: consultantGuid };
}

/** The list's filters other than paging and sort. */
const filterOf = (query: ConsultantListQuery): repo.ConsultantFilter => ({
  search: query.search || undefined,
  approved: query.approved,
  premium: query.premium,
  country: query.country?.length ? query.country : undefined,
});

/** How many consultant details one API process keeps (a few MB at most). */
const DETAIL_CACHE_SIZE = 2000;

export function createConsultantService(deps: AppDeps) {
  const { db, clock } = deps;
  const answer = (row: repo.ConsultantRecord) => toConsultant(row, deps.config.businessTimeZone);

  /**
   * Consultant details by the key asked with, kept at the revision the database moves on every change to a
   * consultant, its timings or addresses (migration 002): one small read instead of three on the most visited
   * record of the product, on every API replica alike; on the embedded engine, while nothing changed at all,
   * not even that read.
   */
  const details = keptReads<string, ConsultantDetail>(db, DETAIL_CACHE_SIZE);

  /** Stores the uploaded images in the transaction of the consultant's write; returns their relative paths. */
  async function storeImages(trx: Executor, images: ConsultantImages, user: AuthUser, at: Date) {
    const paths: { logoUrl?: string; profilePic?: string; profilePicThumbnail?: string } = {};
    const store = (image: CheckedImage) =>
      deps.files.store(image, { isPrivate: false, createdBy: actorOf(user), at }, trx);
    if (images.logoURL) paths.logoUrl = await store(images.logoURL);
    if (images.profilePic) paths.profilePic = await store(images.profilePic);
    if (images.profilePicThumbnail) paths.profilePicThumbnail = await store(images.profilePicThumbnail);
    return paths;
  }

  /** Changes a consultant's approval or premium flag, as an update of that field alone would. */
  async function setFlags(
    key: string,
    values: { isApproved?: boolean; isPremium?: boolean },
    user: AuthUser,
  ): Promise<boolean> {
    const existing = await requireConsultant(key);
    // Already as asked: nothing to write or audit, and the row is not one an Undo should turn back.
    if (alreadyAsAsked(existing, values)) return false;
    const now = clock.now();
    await db.kysely.transaction().execute(async (trx) => {
      const updated = await repo.updateConsultant(
        trx,
        existing.id,
        { ...values, updatedAt: now.toISOString(), updatedBy: actorOf(user) },
        undefined,
      );
      if (!updated) throw new NotFound(consultantMessages.notFound);
      await recordChange(trx, {
        action: values.isApproved === true ? "approve" : "update",
        entity: "consultant",
        entityId: existing.guidId,
        changes: changesBetween(existing, updated, AUDITED_FIELDS),
        at: now,
      });
    });
    return true;
  }

  async function requireConsultant(key: string) {
    const consultant = await repo.findConsultant(db.kysely, key);
    if (!consultant) throw new NotFound(consultantMessages.notFound);
    return consultant;
  }

  return {
    /**
     * The whole list without paging parameters (as the spec reads it); one page plus total with them (or
     * with a search, a sort or a filter).
     */
    async list(query: ConsultantListQuery): Promise<ConsultantList> {
      if (query.deleted) {
        const { limit, offset } = pageWindow(query);
        const { rows, total } = await repo.pageOfDeletedConsultants(db, {
          search: query.search || undefined,
          limit,
          offset,
        });
        return { data: rows.map((row) => ({ ...answer(row), deletedAt: row.deletedAt! })), total };
      }
      const filter = filterOf(query);
      const paged =
        query.page !== undefined ||
        query.pageSize !== undefined ||
        query.search !== undefined ||
        query.exactTotal !== undefined ||
        query.sort !== undefined ||
        filter.approved !== undefined ||
        filter.premium !== undefined ||
        filter.country !== undefined;
      if (!paged) return { data: (await repo.listConsultants(db, {})).map(answer) };
      const { limit, offset } = pageWindow(query);
      const [rows, total] = await Promise.all([
        repo.listConsultants(db, { ...filter, sort: query.sort, limit, offset }),
        repo.countConsultants(db, query.search || undefined, filter, query.exactTotal),
      ]);
      return { data: rows.map(answer), ...total };
    },

    /**
     * The header search's consultants (modules/search/window.ts): the newest matches of the list's search
     * and of the phone number's digits, and how many match.
     */
    async search(text: string, limit: number, passes: SharedPasses = sharedPasses()) {
      const term = headerTerm(text);
      const population = (await readRowCounts(db.kysely, ["consultants"])).consultants;
      if (readsWindow(term, population)) {
        const { rows, window } = await repo.consultantsInWindow(db, term, limit, SEARCH_WINDOW);
        return { items: rows.map(answer), ...windowTotal(window, population) };
      }
      const pass = await passOf(db, passes, "consultants", term);
      const [{ rows, hits }, span] = await Promise.all([
        repo.consultantsAmong(db, pass.ids, limit),
        pass.complete ? undefined : idSpan(db, "consultants"),
      ]);
      return { items: rows.map(answer), ...passTotal(hits, pass, span) };
    },

    /** The export is audited before its first row goes out. */
    recordExport: (query: object) => recordExport(db.kysely, "consultant", query, clock.now()),

    /**
     * Every consultant the list's query finds, in its order: PostgreSQL writes the CSV itself (COPY); on
     * SQLite the rows are read a page at a time, as read: every exported column is a stored field. Not the
     * answer (answer() copies each record with a spread), which at 100k rows made about 1 KB of each row
     * outlive two young collections and grew the server's memory by 100 MB (measured; without the copy:
     * about 20 MB).
     */
    exportRows: (
      query: ConsultantListQuery,
      columns: readonly CsvColumn<repo.ExportedConsultant>[],
    ): CsvRows<repo.ExportedConsultant> =>
      csvRows(db, columns, {
        copy: async (cells) => [repo.copyConsultants(db, filterOf(query), query.sort, cells)],
        pages: () => repo.exportConsultants(db, filterOf(query), query.sort, EXPORT_PAGE),
      }),

    /**
     * One bulk action on many consultants, each by the rules of its single action (the same code):
     * approve/unapprove and premium/unpremium are edits of the flag; delete is the single delete, which
     * refuses a consultant with upcoming appointments (its decision needs the delete page).
     */
    async bulk(body: ConsultantBulkBody, user: AuthUser): Promise<BulkResult> {
      const flags = {
        approve: { isApproved: true },
        unapprove: { isApproved: false },
        premium: { isPremium: true },
        unpremium: { isPremium: false },
      } as const;
      return eachRow(body.ids, async (id) => {
        if (body.action === "delete") {
          await this.remove(id, {}, user);
          return true;
        }
        return setFlags(id, flags[body.action], user);
      });
    },

    /**
     * The detail, kept while unchanged (db/kept-reads.ts). Its no-show count changes with appointments, apart
     * from the consultant's revision: it is read in the same query as the revision.
     */
    async get(key: string): Promise<ConsultantDetail> {
      const mark = details.mark();
      const unchanged = details.unchanged(key, mark);
      if (unchanged) return unchanged;
      const current = await repo.consultantRevision(db.kysely, key);
      if (current === undefined) throw new NotFound(consultantMessages.notFound);
      const atRevision = details.atRevision(key, current.revision);
      if (atRevision) {
        const detail =
          atRevision.noShowCount === current.noShows
            ? atRevision
            : { ...atRevision, noShowCount: current.noShows };
        details.keep(key, detail, { mark, revision: current.revision });
        return detail;
      }

      const consultant = await requireConsultant(key);
      const { timings, addresses } = await repo.recordsOfConsultant(db.kysely, consultant.id);
      const detail = {
        ...answer(consultant),
        timings: timings.map((row) => toTiming(row, consultant.guidId)),
        addresses: addresses.map((row) => toAddress(row, consultant.guidId)),
        noShowCount: current.noShows,
      };
      // Kept at the revision of the consultant row, read before its records: never newer than the data.
      details.keep(key, detail, { mark, revision: consultant.revision });
      return detail;
    },

    async create(
      fields: ConsultantFields,
      guidId: string | undefined,
      images: ConsultantImages,
      user: AuthUser,
    ) {
      const now = clock.now();
      try {
        const row = await db.kysely.transaction().execute(async (trx) => {
          const paths = await storeImages(trx, images, user, now);
          const inserted = await repo.insertConsultant(trx, {
            ...fields,
            ...paths,
            guidId: guidId ?? newGuid(),
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
            createdBy: actorOf(user),
            updatedBy: actorOf(user),
          });
          await recordChange(trx, {
            action: "create",
            entity: "consultant",
            entityId: inserted.guidId,
            changes: { ...changesBetween(null, inserted, AUDITED_FIELDS), ...imageChanges(paths) },
            at: now,
          });
          return inserted;
        });
        return answer(row);
      } catch (error) {
        if (brokenUniqueIndex(error) !== null) throw new Conflict(consultantMessages.guidTaken, "guidId");
        throw error;
      }
    },

    /**
     * A missing file keeps the existing image. With `expected`, only a consultant still at that version is
     * changed; otherwise nothing is (not even the images) and the answer is 409.
     */
    async update(
      guidId: string,
      fields: ConsultantFields,
      images: ConsultantImages,
      user: AuthUser,
      expected?: number,
    ) {
      const existing = await requireConsultant(guidId);
      const now = clock.now();
      const zone = (row: repo.ConsultantRecord) => row.timeZone ?? deps.config.businessTimeZone;
      try {
        const row = await db.kysely.transaction().execute(async (trx) => {
          const paths = await storeImages(trx, images, user, now);
          const updated = await repo.updateConsultant(
            trx,
            existing.id,
            { ...fields, ...paths, updatedAt: now.toISOString(), updatedBy: actorOf(user) },
            expected,
          );
          // Thrown inside the transaction, so the images stored for this save are dropped with it.
          if (!updated)
            throw (await repo.findConsultant(trx, existing.guidId))
              ? new StaleVersion()
              : new NotFound(consultantMessages.notFound);
          // Another zone: the appointments keep their instants and are shown in it (time-zone-change.ts).
          let upcomingRezoned = 0;
          if (zone(updated) !== zone(existing)) {
            const rezoned = await appointmentsToRezone(trx, existing.id, zone(updated));
            await rezoneAppointments(trx, rezoned, { at: now.toISOString(), by: actorOf(user) });
            upcomingRezoned = upcomingOf(rezoned, now).length;
          }
          await recordChange(trx, {
            action: "update",
            entity: "consultant",
            entityId: existing.guidId,
            changes: {
              ...changesBetween(existing, updated, AUDITED_FIELDS),
              ...imageChanges(paths),
              ...(upcomingRezoned > 0 ? { appointmentsInNewTimeZone: { from: 0, to: upcomingRezoned } } : {}),
            },
            at: now,
          });
          return updated;
        });
        return answer(row);
      } catch (error) {
        // Only the wall-clock fields changed, so only two of them meeting on one local time breaks the index.
        if (brokenUniqueIndex(error) !== null) throw new Conflict(timeZoneChangeMessages.clash, "timeZone");
        throw error;
      }
    },

    /**
     * What saving the consultant in `timeZone` would do to its upcoming appointments: each keeps its
     * instant and shows at another local date and time (those whose local time stays are not listed).
     */
    async timeZoneChange(key: string, timeZone: string): Promise<TimeZoneChange> {
      const consultant = await requireConsultant(key);
      const from = consultant.timeZone ?? deps.config.businessTimeZone;
      const rezoned = from === timeZone ? [] : await appointmentsToRezone(db.kysely, consultant.id, timeZone);
      return {
        from,
        to: timeZone,
        appointments: upcomingOf(rezoned, clock.now()).map((row) => ({
          guidId: row.guidId,
          userEmail: row.userEmail,
          startsAt: row.startsAt,
          from: row.from,
          to: row.to,
        })),
      };
    },

    async deletionImpact(key: string) {
      const consultant = await requireConsultant(key);
      const today = localDate(clock.now(), deps.config.businessTimeZone);
      const party = { kind: "consultant", consultantId: consultant.id } as const;
      return { upcomingAppointments: await countUpcomingAppointments(db.kysely, party, today) };
    },

    /**
     * Soft delete (deletedAt): the consultant leaves lists and counts but nothing is lost. Booked upcoming
     * appointments need a decision, taken in the same transaction as the delete: cancel them (with a
     * reason, mailed to each customer once the delete is committed) or keep them, flagged by the delete
     * itself (their answers carry consultantDeleted). confirmUpcoming, the older form, means keep.
     */
    async remove(
      key: string,
      decision: {
        appointments?: DeleteAppointmentChoice | undefined;
        reason?: string | undefined;
        confirmUpcoming?: boolean;
      },
      user: AuthUser,
    ): Promise<ConsultantDeleted> {
      const now = clock.now();
      const at = now.toISOString();
      const today = localDate(now, deps.config.businessTimeZone);
      const choice = decision.appointments ?? (decision.confirmUpcoming ? "keep" : undefined);
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const consultant = await repo.findConsultant(trx, key);
        if (!consultant) throw new NotFound(consultantMessages.notFound);
        const settled = await settleUpcoming(
          trx,
          { kind: "consultant", consultantId: consultant.id },
          { choice, reason: decision.reason },
          { today, at: now, by: actorOf(user) },
        );
        await repo.softDeleteConsultant(trx, consultant.id, at, actorOf(user));
        const cancelled = settled.cancelled.length;
        await recordChange(trx, {
          action: "delete",
          entity: "consultant",
          entityId: consultant.guidId,
          changes: {
            deletedAt: { from: null, to: at },
            ...(cancelled > 0 ? { cancelledAppointments: { from: 0, to: cancelled } } : {}),
          },
          at: now,
        });
        return settled;
      });
      // After the commit: a customer is never told of a cancel that was rolled back.
      await Promise.allSettled(
        cancellationMails("consultant", outcome.cancelled, outcome.reason, deps.config).map((mail) =>
          deps.mailer.send(mail),
        ),
      );
      return {
        message: consultantDeletionMessages.deletedResult(outcome.cancelled.length, outcome.kept),
        cancelledAppointments: outcome.cancelled.length,
        keptAppointments: outcome.kept,
      };
    },

    /**
     * An Admin's restore of a deleted consultant: it comes back with its timings and addresses (the delete
     * left them as they were). Appointments the delete cancelled stay cancelled: the answer says how many.
     */
    async restore(key: string, user: AuthUser): Promise<ConsultantRestored> {
      const now = clock.now();
      const at = now.toISOString();
      const { consultant, cancelled } = await db.kysely.transaction().execute(async (trx) => {
        const found = await repo.findConsultantEvenDeleted(trx, key);
        if (!found) throw new NotFound(consultantMessages.notFound);
        if (!found.deletedAt || !(await repo.restoreConsultant(trx, found.id, at, actorOf(user)))) {
          throw new Conflict(consultantMessages.notDeleted);
        }
        const restored = await repo.findConsultant(trx, String(found.id));
        await recordChange(trx, {
          action: "restore",
          entity: "consultant",
          entityId: found.guidId,
          changes: { deletedAt: { from: found.deletedAt, to: null } },
          at: now,
        });
        return {
          consultant: restored!,
          cancelled: await countCancelledByDelete(
            trx,
            { kind: "consultant", consultantId: found.id },
            found.deletedAt,
          ),
        };
      });
      return {
        message: consultantMessages.restored,
        consultant: answer(consultant),
        notRestored: cancelled > 0 ? [consultantDeletionMessages.deletedCancelled(cancelled)] : [],
      };
    },

    async listTimings(query: { consultantId?: string | undefined; page?: number; pageSize?: number }) {
      return listOf("consultantTimings", query, toTiming);
    },
    async listAddresses(query: { consultantId?: string | undefined; page?: number; pageSize?: number }) {
      return listOf("consultantAddresses", query, toAddress);
    },

    /** Add (id 0), edit, or soft delete (isDeleted) one timing. */
    async saveTiming(
      body: TimingBody,
      user: AuthUser,
      expected: number | undefined = body.version,
    ): Promise<ConsultantTiming> {
      const consultant = await requireConsultant(body.consultantId);
      const now = clock.now().toISOString();
      const days = Object.fromEntries(WEEKDAYS.map((day) => [day, body[day]]));
      const audit = {
        isActive: body.isActive,
        isDeleted: body.isDeleted,
        updatedAt: now,
        updatedBy: actorOf(user),
      };
      if (body.id === 0) {
        try {
          const row = await db.kysely.transaction().execute(async (trx) => {
            const inserted = await repo.insertTiming(trx, {
              ...days,
              ...audit,
              guidId: body.guidId || newGuid(),
              consultantId: consultant.id,
              createdAt: now,
              createdBy: actorOf(user),
            });
            await recordOnConsultant(trx, consultant, timingChanges(null, inserted));
            return inserted;
          });
          return toTiming(row, consultant.guidId);
        } catch (error) {
          if (brokenUniqueIndex(error) !== null) throw new Conflict(timingMessages.guidTaken, "guidId");
          throw error;
        }
      }
      const existing = await repo.findRecord(db.kysely, "consultantTimings", body.id);
      if (!existing || existing.isDeleted || existing.consultantId !== consultant.id) {
        throw new NotFound(timingMessages.notFound);
      }
      if (body.guidId && body.guidId !== existing.guidId) throw new NotFound(timingMessages.notFound);
      const row = await db.kysely.transaction().execute(async (trx) => {
        const updated = await repo.updateTiming(trx, existing.id, { ...days, ...audit }, expected);
        if (updated) {
          await recordOnConsultant(
            trx,
            consultant,
            timingChanges(existing, updated.isDeleted ? null : updated),
          );
        }
        return updated;
      });
      if (!row) {
        const current = await repo.findRecord(db.kysely, "consultantTimings", existing.id);
        throw current && !current.isDeleted ? new StaleVersion() : new NotFound(timingMessages.notFound);
      }
      return toTiming(row, consultant.guidId);
    },

    /** Saves every address of the body in one transaction (the screens send an array of one). */
    async saveAddresses(
      bodies: AddressBody[],
      user: AuthUser,
      expected: Array<number | undefined> = bodies.map((body) => body.version),
    ): Promise<ConsultantAddress[]> {
      const now = clock.now().toISOString();
      const consultants = new Map<string, repo.ConsultantRecord>();
      for (const body of bodies) {
        if (!consultants.has(body.consultantId)) {
          consultants.set(body.consultantId, await requireConsultant(body.consultantId));
        }
      }
      try {
        return await db.kysely.transaction().execute(async (trx) => {
          const saved: ConsultantAddress[] = [];
          for (const [index, body] of bodies.entries()) {
            const consultant = consultants.get(body.consultantId)!;
            const { id, guidId, consultantId: _key, version: _version, ...fields } = body;
            const values = { ...fields, updatedAt: now, updatedBy: actorOf(user) };
            if (id === 0) {
              const row = await repo.insertAddress(trx, {
                ...values,
                guidId: guidId || newGuid(),
                consultantId: consultant.id,
                createdAt: now,
                createdBy: actorOf(user),
              });
              await recordOnConsultant(trx, consultant, addressChanges(null, row));
              saved.push(toAddress(row, consultant.guidId));
              continue;
            }
            const existing = await repo.findRecord(trx, "consultantAddresses", id);
            if (
              !existing ||
              existing.isDeleted ||
              existing.consultantId !== consultant.id ||
              (guidId && guidId !== existing.guidId)
            ) {
              throw new NotFound(addressMessages.notFound);
            }
            const row = await repo.updateAddress(trx, id, values, expected[index]);
            // One stale address refuses the whole array: the transaction changes none of them.
            if (!row) throw new StaleVersion();
            await recordOnConsultant(trx, consultant, addressChanges(existing, row.isDeleted ? null : row));
            saved.push(toAddress(row, consultant.guidId));
          }
          return saved;
        });
      } catch (error) {
        if (brokenUniqueIndex(error) !== null) throw new Conflict(addressMessages.guidTaken, "guidId");
        throw error;
      }
    },
  };

  /**
   * A change to a consultant's hours or office addresses is a change of the consultant: it goes into the
   * consultant's history, in the transaction of the change (nothing when nothing changed).
   */
  async function recordOnConsultant(trx: Executor, consultant: repo.ConsultantRecord, changes: AuditChanges) {
    if (Object.keys(changes).length === 0) return;
    await recordChange(trx, {
      action: "update",
      entity: "consultant",
      entityId: consultant.guidId,
      changes,
      at: clock.now(),
    });
  }

  async function listOf<T extends keyof repo.RecordOf, R>(
    table: T,
    query: { consultantId?: string | undefined; page?: number; pageSize?: number },
    map: (row: repo.RecordOf[T], consultantGuid: string) => R,
  ): Promise<{ data: R[]; total?: number }> {
    let consultantId: number[] | undefined;
    if (query.consultantId) consultantId = [(await requireConsultant(query.consultantId)).id];
    const paged = query.page !== undefined || query.pageSize !== undefined;
    const { limit, offset } = pageWindow(query);
    const rows = await repo.listRecords(db.kysely, table, {
      ...(consultantId ? { consultantId } : {}),
      ...(paged ? { limit, offset } : {}),
    });
    const data = rows.map(({ record, consultantGuid }) => map(record, consultantGuid));
    if (!paged) return { data };
    return { data, total: await repo.countRecords(db.kysely, table, consultantId?.[0]) };
  }
}
export type ConsultantService = ReturnType<typeof createConsultantService>;
