import type { paths } from "@visadesk/contract/generated/customer-api";
import { useEffect, useState } from "react";
import { api } from "@/lib/api";

export type DirectoryChoices =
  paths["/api/customer/v1/consultants/filters"]["get"]["responses"][200]["content"]["application/json"];

/** Asked once a visit: the choices move only as consultants are edited, and a stale one merely finds none. */
let asked: Promise<DirectoryChoices | undefined> | undefined;
const ask = () => {
  asked ??= api.GET("/api/customer/v1/consultants/filters").then(
    ({ data }) => data,
    () => undefined,
  );
  // A failed ask is asked again next time.
  void asked.then((data) => {
    if (!data) asked = undefined;
  });
  return asked;
};

/** The directory's filter choices from the data (countries, languages, visa types); undefined until they come. */
export function useDirectoryChoices(): DirectoryChoices | undefined {
  const [choices, setChoices] = useState<DirectoryChoices | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void ask().then((data) => {
      if (live && data) setChoices(data);
    });
    return () => {
      live = false;
    };
  }, []);
  return choices;
}
