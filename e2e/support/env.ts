import path from "node:path";

export const E2E_PORT = 4180;
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const SERVER_LOG = path.resolve("e2e/.server.log");
/** The first Admin of the test server (taken from the environment, as an operator would set it). */
export const ADMIN = { email: "admin@e2e.test", password: "e2e-Admin-password-1" };
