import { endpoint } from "./endpoint";
import { publicSettingsSchema } from "./settings";

/** What the operator configured that the web app shows. */
export const settingsEndpoints = {
  public: endpoint({
    method: "GET",
    path: "/api/v2/settings/public",
    auth: "public",
    tags: ["settings"],
    summary: "Settings the web app reads before sign-in",
    description:
      "The company's name and web address, the currency of fees and the business time zone; nothing secret.",
    responses: { 200: publicSettingsSchema },
  }),
};
