/**
 * The customer's mails in English: the catalogue every other language follows key for key, with the same
 * {{variables}} in each text. Mails are plain text: nothing here is escaped, and the server puts in only
 * fixed values, codes, links, names and the reasons staff give.
 */
export const en = {
  greeting: "Hello,",
  verificationCode: {
    subject: "Your {{company}} code: {{code}}",
    body: "Your code to verify this email address is {{code}}. It works for {{minutes}} minutes.\n\nOr open this link:\n{{link}}\n\nIf you did not sign up to {{company}}, you can ignore this email.",
  },
  /**
   * To the owner of an address that already has an account, when someone signs up with it: it names the
   * address only (never a username or CNIC), and only its owner reads it.
   */
  alreadyRegistered: {
    subject: "Someone tried to sign up to {{company}} with this email address",
    body: 'Someone tried to create a {{company}} account with this email address, which already has an account. No new account was created.\n\nIf it was you, sign in with your existing account, or use "Forgot password". If it was not you, you can ignore this email.',
  },
  passwordReset: {
    subject: "Reset your {{company}} password",
    body: "To choose a new password, open this link within {{minutes}} minutes:\n{{link}}\n\nIf you did not ask for this, you can ignore this email.",
  },
  cnicVerified: {
    subject: "Your CNIC is verified",
    body: "We have checked your CNIC: it is verified.",
  },
  cnicRejected: {
    subject: "Your CNIC could not be verified",
    body: "We could not verify the CNIC you sent.\n\nReason: {{reason}}\n\nPlease send it again from your account.",
  },
  erased: {
    subject: "Your {{company}} account is erased",
    body: "Your {{company}} account and the personal data it held are erased, as you asked: your upcoming appointments were cancelled and their consultants told. This cannot be undone.\n\nThis is the last email we send to this address.",
  },
  passwordChanged: {
    subject: "Your {{company}} password was changed",
    body: 'The password of your {{company}} account was changed.\n\nIf it was not you, choose a new password with "Forgot password" at once and contact us.',
  },
  appointment: {
    yourConsultant: "your consultant",
    /** The office the appointment is at (the consultant's address). */
    place: "Place: {{address}}",
    fee: "Fee: {{fee}}",
    /** Where the customer sees, moves or cancels it. */
    myAppointments: "See, move or cancel it in My appointments:\n{{link}}",
    /** One moment: the day and time in a zone, the zone named. */
    at: "{{day}} at {{time}}, {{zoneName}} ({{zone}})",
    /** The consultant's time first (the appointment's own), then the reader's when their zone differs. */
    inBothZones: "{{consultantTime}}, which is {{customerTime}} for you",
    reason: "Reason: {{reason}}",
    booked: {
      subject: "Your appointment on {{day}} is booked",
      body: "Your appointment with {{consultant}} on {{when}} is booked.",
    },
    confirmed: {
      subject: "Your appointment is confirmed",
      body: "Your appointment with {{consultant}} on {{when}} is confirmed.",
    },
    moved: {
      subject: "Your appointment has moved",
      body: "Your appointment with {{consultant}} is now on {{when}}.",
    },
    cancelled: {
      subject: "Your appointment on {{day}} is cancelled",
      body: "Your appointment with {{consultant}} on {{when}} is cancelled.",
      bookAgain: "To book again, choose a new time on the consultant's page:\n{{link}}",
      bookAnotherConsultant:
        "Please book again with another consultant, or contact us if you have questions.",
      contactUs: "Please contact us if you have questions.",
    },
    reminder: {
      subject: "Reminder: your appointment on {{day}}",
      body: "This is a reminder of your appointment with {{consultant}} on {{when}}.",
      about: "About: {{description}}",
      supportContact: "Support contact: {{contact}}",
    },
  },
} as const;

/** A catalogue: the same keys as the English one, every text a string. */
export type CustomerMailCatalogue = DeepStrings<typeof en>;
type DeepStrings<T> = { -readonly [Key in keyof T]: T[Key] extends string ? string : DeepStrings<T[Key]> };

/** Every text's key, dotted as i18next reads it: "appointment.cancelled.subject". */
export type CustomerMailKey = KeysOf<typeof en>;
type KeysOf<T, Prefix extends string = ""> = {
  [Key in keyof T & string]: T[Key] extends string ? `${Prefix}${Key}` : KeysOf<T[Key], `${Prefix}${Key}.`>;
}[keyof T & string];

/** The English text under a key. */
export type CustomerMailText<Key extends string, T = typeof en> = Key extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? CustomerMailText<Rest, T[Head]>
    : never
  : Key extends keyof T
    ? T[Key]
    : never;

/** The names of a text's {{variables}}. */
export type VariablesOf<Text> = Text extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | VariablesOf<Rest>
  : never;
