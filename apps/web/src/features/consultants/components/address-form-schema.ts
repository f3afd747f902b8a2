import { addressBodySchema } from "@visadesk/contract/consultants-timings-addresses";

/**
 * The address form's fields, checked with the API's rules. The inputs hold text; latitude and longitude
 * become numbers (or null when blank) as the rules parse them.
 */
export const addressFieldsSchema = addressBodySchema.pick({
  address: true,
  city: true,
  state: true,
  country: true,
  zipCode: true,
  latitude: true,
  longitude: true,
});
