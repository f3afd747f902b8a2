import { PUBLIC_PATHS } from "@visadesk/contract/auth-constants";

/** Public paths are matched by exact path or by prefix. */
export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
