/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** The admin host {host} of the spec; empty = the same origin that served the app. */
  readonly VITE_API_HOST?: string;
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_COMPANY_URL?: string;
}
