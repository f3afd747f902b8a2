/** The directory's constants, free of zod so the customer site imports them cheaply. */

/** How the directory is ordered: premium first (then rating, then name) unless asked otherwise. */
export const DIRECTORY_SORTS = ["recommended", "rating", "fee", "feeDesc", "name"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
/** A page of the directory: at most this many consultants. */
export const DIRECTORY_PAGE_MAX = 50;
/** The most values of one of the directory's filter choices (its visa types: the items of services). */
export const DIRECTORY_CHOICES_MAX = 500;
/** The most offices a consultant's public profile shows (the first recorded). */
export const DIRECTORY_OFFICES_MAX = 50;
/** The longest cursor: a name of 200 characters of any script, as JSON in base64url, fits with room. */
export const DIRECTORY_CURSOR_MAX = 2000;
