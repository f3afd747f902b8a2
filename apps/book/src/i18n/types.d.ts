import type { en } from "./en";

// t() knows every key of the catalogue and the variables each text takes.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
