import { describe, expect, it } from "vitest";
import { formDataOf } from "./api-client";

describe("formDataOf", () => {
  it("sends files as files, other values as text, and leaves out what is absent", () => {
    const logo = new File(["png"], "logo.png", { type: "image/png" });
    const data = formDataOf({
      Name: "Ayesha",
      Fee: 1500,
      IsPremium: false,
      Logo: logo,
      Website: undefined,
      Bio: null,
    });
    expect(data.get("Name")).toBe("Ayesha");
    expect(data.get("Fee")).toBe("1500");
    expect(data.get("IsPremium")).toBe("false");
    expect((data.get("Logo") as File).name).toBe("logo.png");
    expect(data.has("Website")).toBe(false);
    expect(data.has("Bio")).toBe(false);
  });

  it("sends a list as its part repeated, one per item", () => {
    const data = formDataOf({ country: ["pakistan", "canada"] });
    expect(data.getAll("country")).toEqual(["pakistan", "canada"]);
  });
});
