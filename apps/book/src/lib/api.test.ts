import i18next from "i18next";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** The customer API answers its texts in the language the request asks for: the site asks for its own. */
const asked: Request[] = [];
beforeAll(() => {
  // Node's Request needs an absolute address; in the browser the site's own host is the base.
  vi.stubEnv("VITE_API_HOST", "http://visadesk.test");
  vi.stubGlobal("fetch", async (request: Request) => {
    asked.push(request);
    return new Response(JSON.stringify({ message: "نہیں ملا" }), {
      status: 404,
      headers: { "content-type": "application/json" },
    });
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("the customer API's client", () => {
  it("sends the language the reader chose as Accept-Language, and follows a change of it", async () => {
    const { api } = await import("./api");
    await i18next.init({ lng: "ur", resources: {} });
    await api.GET("/api/customer/v1/consultants/{id}", { params: { path: { id: "someone" } } });
    expect(asked.at(-1)?.headers.get("accept-language")).toBe("ur");
    await i18next.changeLanguage("en");
    await api.GET("/api/customer/v1/consultants/{id}", { params: { path: { id: "someone" } } });
    expect(asked.at(-1)?.headers.get("accept-language")).toBe("en");
  });
});
