import { type Consultant, consultantFieldsSchema } from "@visadesk/contract/consultants";
import { z } from "zod";

/** What the form's inputs hold; numbers stay as typed until the shared schema parses them. */
export interface ConsultantFormValues {
  name: string;
  businessName: string;
  aboutInfo: string;
  website: string;
  address: string;
  country: string[];
  visaOffer: string;
  services: string;
  fee: number | string;
  tags: string;
  contactEmail: string;
  phoneNumber: string;
  officeNumber: string;
  /** Business hours: two time inputs, joined as "start - end" only when both are set. */
  timingStart: string;
  timingEnd: string;
  experience: number | string;
  rating: number | string;
  satisfiedClients: number | string;
  /** "" is the blank "Select Status" option. */
  isApproved: "" | "true" | "false";
  isPremium: "" | "true" | "false";
  /** IANA zone of the hours and appointments; "" = the business zone (new) or unchanged (edit). */
  timeZone: string;
}

/** The API's consultant rules (one rule set, packages/contract) plus the business-hours join. */
export const consultantFormSchema = consultantFieldsSchema
  .omit({ timing: true })
  .extend({ timingStart: z.string(), timingEnd: z.string() })
  .transform(({ timingStart, timingEnd, ...fields }) => ({
    ...fields,
    timing: timingStart && timingEnd ? `${timingStart} - ${timingEnd}` : null,
  }));

export const blankConsultant: ConsultantFormValues = {
  name: "",
  businessName: "",
  aboutInfo: "",
  website: "",
  address: "",
  country: [],
  visaOffer: "",
  services: "",
  fee: "",
  tags: "",
  contactEmail: "",
  phoneNumber: "",
  officeNumber: "",
  timingStart: "",
  timingEnd: "",
  experience: "",
  rating: "",
  satisfiedClients: "",
  isApproved: "",
  isPremium: "",
  timeZone: "",
};

/** "9:00 AM" or "17:30" -> "17:30" for a time input; "" when it cannot be read. */
export function toTimeInput(text: string | undefined): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*(am|pm)?$/i.exec(text?.trim() ?? "");
  if (!match) return "";
  let hours = Number(match[1]);
  const meridiem = match[3]?.toLowerCase();
  if (meridiem === "pm" && hours < 12) hours += 12;
  if (meridiem === "am" && hours === 12) hours = 0;
  return hours > 23 ? "" : `${String(hours).padStart(2, "0")}:${match[2]}`;
}

const numberOrBlank = (value: number | null) => (value === null ? "" : value);
const status = (value: boolean): "true" | "false" => (value ? "true" : "false");

/** The stored consultant as form values (edit mode). */
export function formValuesOf(consultant: Consultant): ConsultantFormValues {
  const [start, end] = (consultant.timing ?? "").split(" - ");
  return {
    name: consultant.name,
    businessName: consultant.businessName,
    aboutInfo: consultant.aboutInfo ?? "",
    website: consultant.website ?? "",
    address: consultant.address ?? "",
    country: (consultant.country ?? "").split(",").filter(Boolean),
    visaOffer: consultant.visaOffer ?? "",
    services: consultant.services ?? "",
    fee: numberOrBlank(consultant.fee),
    tags: consultant.tags ?? "",
    contactEmail: consultant.contactEmail,
    phoneNumber: consultant.phoneNumber,
    officeNumber: consultant.officeNumber ?? "",
    timingStart: toTimeInput(start),
    timingEnd: toTimeInput(end),
    experience: numberOrBlank(consultant.experience),
    rating: numberOrBlank(consultant.rating),
    satisfiedClients: numberOrBlank(consultant.satisfiedClients),
    isApproved: status(consultant.isApproved),
    isPremium: status(consultant.isPremium),
    timeZone: consultant.timeZone,
  };
}
