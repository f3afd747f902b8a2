/** Where to go after signing in: a path of this site only (never another origin a link could name). */
export function safeNext(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  return next;
}
