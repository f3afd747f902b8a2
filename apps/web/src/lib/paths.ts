/**
 * The web app's routes, named once: links and navigation build their paths here, and the
 * route table takes its patterns from here, so a renamed route cannot leave a link behind.
 */
const withId = (prefix: string) => (id: string) => `${prefix}/${encodeURIComponent(id)}`;

export const paths = {
  root: "/",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  resetPassword: "/forgot-password/reset",
  home: "/home",
  settings: "/settings",
  tokenTest: "/token-test",
  consultants: {
    list: "/users",
    /** The list with a search already typed, as the header's search box opens it. */
    search: (search: string) => (search ? `/users?${new URLSearchParams({ search })}` : "/users"),
    add: "/add-user",
    edit: withId("/edit-user"),
    delete: withId("/delete-user"),
    timings: withId("/consultant-timings"),
    addresses: withId("/consultant-addresses"),
  },
  appUsers: {
    list: "/app-users",
    add: "/add-app-user",
    edit: withId("/edit-app-user"),
  },
  internalUsers: {
    list: "/internal-users",
    /** An internal account's own page (read-only, like the list). */
    view: withId("/internal-users"),
  },
  activity: "/activity",
  appointments: { list: "/user-appointments" },
  notifications: "/notifications",
} as const;

/** The route table's patterns of the routes that take an id; the pages read it by these names. */
export const routePatterns = {
  consultants: {
    edit: "/edit-user/:guidId",
    delete: "/delete-user/:guidId",
    timings: "/consultant-timings/:consultantId",
    addresses: "/consultant-addresses/:consultantId",
  },
  appUsers: { edit: "/edit-app-user/:guidId" },
  internalUsers: { view: "/internal-users/:guidId" },
} as const;
