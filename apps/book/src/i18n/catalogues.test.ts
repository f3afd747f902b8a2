import { checkCatalogues } from "@visadesk/contract/catalogue-checks";
import { en } from "./en";
import { ur } from "./ur";

checkCatalogues("the customer site's catalogues", { en, ur }, { figures: true });
