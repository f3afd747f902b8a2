/**
 * What the page needs to run under the server's Content-Security-Policy (no inline script, no eval, <style>
 * elements only with the page's nonce). Imported first by main.tsx.
 */

// zod compiles fast parsers with new Function() once it has probed that eval is allowed; under the policy
// the probe itself is reported as a violation. Interpreted parsing is plenty for forms. zod keeps its settings
// in this global and takes them from there when it loads, so the first page need not download zod to set it
// (content-security-policy.test.ts checks that zod still reads it).
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig ??= {};
zodSettings.__zod_globalConfig.jitless = true;

/**
 * The nonce the server gave this page (the build's html.cspNonce placeholder, replaced per answer): the
 * policy allows <style> elements only with it, so Mantine puts it on the styles it injects. Browsers hide
 * nonce attributes from getAttribute; the nonce property still reads it.
 */
export const cspNonce: string | undefined =
  typeof document === "undefined"
    ? undefined
    : document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

// Mantine's scroll lock (react-remove-scroll) injects a <style> element too; its nonce comes from get-nonce,
// which reads this global when nobody has called its setNonce.
(globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = cspNonce;
