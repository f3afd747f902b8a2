/** The channel every change of the product's tables is told on: migration 021 notifies it, db/database.ts listens. */
export const CHANGES_CHANNEL = "visadesk_changes";
