import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";

// A first visit on a small phone: no cache, signed in nowhere.
test.use({ viewport: { width: 375, height: 812 }, storageState: { cookies: [], origins: [] } });

/** Every font, script and stylesheet the visit fetched, with its size on the wire. */
function watchDownloads(page: Page) {
  const files: Promise<{ path: string; bytes: number }>[] = [];
  page.on("requestfinished", (request) => {
    files.push(
      request.sizes().then((sizes) => ({
        path: new URL(request.url()).pathname,
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      })),
    );
  });
  return async (pattern: RegExp) => (await Promise.all(files)).filter((file) => pattern.test(file.path));
}
/** The font faces the page declared (with the FontFace API or @font-face). */
const declaredFaces = (page: Page) =>
  page.evaluate(() => {
    const faces: { family: string; display: string; range: string }[] = [];
    document.fonts.forEach((face) => {
      faces.push({ family: face.family, display: face.display, range: face.unicodeRange });
    });
    return faces;
  });
const FONT = /\.(woff2?|ttf|otf)$/;
const kb = (files: { bytes: number }[]) => files.reduce((sum, file) => sum + file.bytes, 0) / 1024;

test("an English page downloads no font, and its first visit stays within 120 KB of scripts and styles", async ({
  page,
}) => {
  const downloaded = watchDownloads(page);
  await page.goto("/book/", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1, name: "Find a visa consultant" })).toBeVisible();
  // The language menu writes "اردو": still no Urdu face, which an English page never declares.
  await expect(page.getByRole("option", { name: "اردو" })).toBeAttached();
  expect(await declaredFaces(page)).toEqual([]);
  expect(await downloaded(FONT)).toEqual([]);
  const sent = kb(await downloaded(/\.(js|css)$/));
  test.info().annotations.push({ type: "JS + CSS, English first visit (KB)", description: sent.toFixed(1) });
  expect(sent).toBeLessThanOrEqual(120);
});

test("an Urdu page downloads Noto Naskh Arabic (its Arabic subset only, within 150 KB) and writes in it", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem("visadesk-book-language", "ur"));
  const downloaded = watchDownloads(page);
  await page.goto("/book/", { waitUntil: "networkidle" });
  await expect(page.locator("html")).toHaveAttribute("lang", "ur-PK");
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('16px "Noto Naskh Arabic"', "اردو")))
    .toBe(true);
  const fonts = await downloaded(FONT);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font.path).toMatch(/noto-naskh-arabic-arabic-\d00-normal-[\w-]+\.woff2$/);
  expect(kb(fonts)).toBeLessThanOrEqual(150);
  // Declared with swap and for Arabic script only: Latin text keeps the system's font.
  const faces = await declaredFaces(page);
  expect(faces).toHaveLength(2);
  for (const face of faces) {
    expect(face).toMatchObject({ family: '"Noto Naskh Arabic"', display: "swap" });
    expect(face.range).toMatch(/^U\+600-6FF/i);
  }
  await expectNoA11yViolations(page);
});
