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
    responses: { 200: publicSettingsSchema },
  }),
};
