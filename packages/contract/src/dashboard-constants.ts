/** The dashboard's messages, free of zod so the page can import them cheaply. */
export const dashboardMessages = {
  loadFailed: "Failed to load dashboard statistics",
  cardError: "Error",
  overviewFailed: "Failed to load what needs doing today",
} as const;
