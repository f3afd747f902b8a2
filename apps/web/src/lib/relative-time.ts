import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";

dayjs.extend(relativeTime);

/** "5 minutes ago", "in 2 hours": how long ago (or until) an instant, as people say it. */
export const relativeTimeOf = (at: string, now: Date = new Date()) => dayjs(at).from(dayjs(now));
