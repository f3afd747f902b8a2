// A module of its own: the web app's every page reads these (its HTTP errors), and a page that imports a
// module downloads the texts of all its exports that any page uses.

/** General messages of the screens. */
export const generalMessages = {
  fallback: "An error occurred",
  invalidData: "Invalid data provided. Please check all fields.",
  serverError: "Server error. Please try again later.",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;
