import type { MouseEvent } from "react";

/** The id of the shell's main content, which the skip link moves the focus to. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * "Skip to content": the first tab stop, shown when focused. It moves the focus (not only the scroll) to the
 * main content, so the next Tab reaches the page's first control; the address is left as it is.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: "start" });
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skip}>
      Skip to content
    </a>
  );
}
