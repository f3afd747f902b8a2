import type { Consultant, ConsultantAddress, ConsultantTiming } from "@visadesk/contract/consultants";
import { consultantMessages } from "@visadesk/contract/consultants-constants";
import type { AppDeps } from "#api/deps";
import { NotFound } from "#api/lib/errors";
import type { AuthUser } from "#api/modules/auth/auth-user";
import * as repo from "./repository";
import type * as records from "./timing-address-repository";

/** createdBy / updatedBy record who did it: the signed-in user's userName, never a value from the body. */
export const actorOf = (user: AuthUser) => user.userName;

/** A consultant without a time zone of its own works in the business zone. */
function toConsultant(row: repo.ConsultantRecord, businessTimeZone: string): Consultant {
  const { logoUrl, deletedAt: _deletedAt, revision: _revision, ...rest } = row;
  return { ...rest, logoURL: logoUrl, timeZone: row.timeZone ?? businessTimeZone };
}

/** The consultant as the API answers it. */
export const answerOf = ({ config }: Pick<AppDeps, "config">, row: repo.ConsultantRecord) =>
  toConsultant(row, config.businessTimeZone);

export function toTiming(row: records.TimingRecord, consultantGuid: string): ConsultantTiming {
  const { consultantId: _id, ...rest } = row;
  return { ...rest, consultantId: consultantGuid };
}

export function toAddress(row: records.AddressRecord, consultantGuid: string): ConsultantAddress {
  const { consultantId: _id, ...rest } = row;
  return { ...rest, consultantId: consultantGuid };
}

/** The consultant that is not deleted, by guidId or id, or a 404. */
export async function requireConsultant({ db }: Pick<AppDeps, "db">, key: string) {
  const consultant = await repo.findConsultant(db.kysely, key);
  if (!consultant) throw new NotFound(consultantMessages.notFound);
  return consultant;
}
