import type { CustomerLanguage } from "@visadesk/contract/customer-auth";

/** The signed-in customer of a customer API request. */
export interface SignedInCustomer {
  id: number;
  guidId: string;
  userName: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** Their own zone, else the business's: every time they are shown is in it. */
  timeZone: string;
  language: CustomerLanguage;
  emailVerified: boolean;
  cnicVerified: boolean;
  sessionId: string;
}
