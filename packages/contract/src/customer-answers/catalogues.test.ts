import { checkCatalogues } from "../catalogue-checks";
import { en } from "./en";
import { ur } from "./ur";

checkCatalogues("the customer API's answer catalogues", { en, ur }, { figures: true, uniqueEnglish: true });
