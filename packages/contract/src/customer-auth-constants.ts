/** The customer account's constants, free of zod so the customer site imports them cheaply. */

/** The multipart field names of PUT me/cnic. */
export const CUSTOMER_CNIC_FIELDS = { cnic: "cnic", front: "cnicFront", back: "cnicBack" } as const;
