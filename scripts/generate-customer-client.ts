import fs from "node:fs";
import { customerClientTypes, SCHEMA_FILE } from "../apps/api/test/customer-client/generate";
import { createTestApp } from "../apps/api/test/helpers";

/** `npm run generate:customer-client`: the customer API's client types, from the document the server serves. */
const t = await createTestApp();
fs.writeFileSync(SCHEMA_FILE, await customerClientTypes(t.app));
await t.close();
console.log(`Wrote ${SCHEMA_FILE.pathname}`);
