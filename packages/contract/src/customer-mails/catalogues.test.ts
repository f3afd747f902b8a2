import { checkCatalogues } from "../catalogue-checks";
import { en } from "./en";
import { ur } from "./ur";

checkCatalogues("the customer mails' catalogues", { en, ur });
