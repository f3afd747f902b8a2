import path from "node:path";

/** E2E_PORT lets several runs (or developers) use one machine side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT) || 4180;
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const SERVER_LOG = path.resolve(`e2e/.server-${E2E_PORT}.log`);
/** The test server's DATA_DIR, made anew for every run: the embedded database and the mail outbox. */
export const DATA_DIR = path.resolve(`e2e/.data-${E2E_PORT}`);
export const ADMIN_STATE = path.resolve(`e2e/.auth/admin-${E2E_PORT}.json`);
/** The first Admin of the test server (taken from the environment, as an operator would set it). */
export const ADMIN = { email: "admin@e2e.test", password: "e2e-Admin-password-1" };
