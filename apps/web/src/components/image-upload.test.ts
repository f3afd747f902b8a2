import { LOGO_ACCEPT } from "@visadesk/contract/common-constants";
import { describe, expect, it } from "vitest";
import { refusalOf } from "./image-upload";

// A real 1×1 PNG.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");

describe("a chosen image, checked before it is sent", () => {
  it("is taken when its content is an image of an accepted type", async () => {
    expect(
      await refusalOf(new File([PNG], "logo.png", { type: "image/png" }), LOGO_ACCEPT, "refused"),
    ).toBeUndefined();
    expect(
      await refusalOf(new File([GIF], "back.gif", { type: "image/gif" }), "image/*", "refused"),
    ).toBeUndefined();
  });

  it("is refused when a text file only wears an image's name and type", async () => {
    const renamed = new File(["just some notes, not a picture"], "notes.png", { type: "image/png" });
    expect(await refusalOf(renamed, LOGO_ACCEPT, "refused")).toBe("refused");
    expect(await refusalOf(renamed, "image/*", "refused")).toBe("refused");
  });

  it("is refused when its content is an image of a type the field does not take", async () => {
    const gifNamedPng = new File([GIF], "logo.png", { type: "image/png" });
    expect(await refusalOf(gifNamedPng, LOGO_ACCEPT, "refused")).toBe("refused");
  });
});
