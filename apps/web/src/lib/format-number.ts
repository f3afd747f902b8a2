/**
 * How the back-office writes a count: with thousands separators ("13,970"), the same wherever a number is
 * shown (totals, badges, dashboard cards, export labels), whatever the browser's language.
 */
const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export const formatCount = (value: number) => counts.format(value);

/** A count that may be only the start ("50+": more exist than were counted). */
export const formatAtLeast = (value: number, more: boolean) => `${formatCount(value)}${more ? "+" : ""}`;
