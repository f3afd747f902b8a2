import type { PublicSettings } from "@visadesk/contract/settings";
import { settingsEndpoints } from "@visadesk/contract/settings-endpoints";
import { useMemo } from "react";
import { call } from "./api-client";
import { COMPANY_NAME, COMPANY_URL } from "./env";
import { useQueryInSlices } from "./use-query-in-slices";

/**
 * Until the server answers (or if it cannot), the build's own values and the server's default currency; no
 * business time zone is guessed (a form leaves the zone blank and the server applies its own).
 */
type KnownSettings = Omit<PublicSettings, "businessTimeZone"> & { businessTimeZone?: string };
const fallback: KnownSettings = { companyName: COMPANY_NAME, companyUrl: COMPANY_URL, currency: "PKR" };

/**
 * What the server's operator configured (GET settings/public): the company (COMPANY_NAME / COMPANY_URL)
 * the currency of fees (CURRENCY) and the business time zone (BUSINESS_TIMEZONE), so the same build serves
 * any deployment.
 */
export function usePublicSettings(): KnownSettings {
  const { data } = useQueryInSlices({
    queryKey: ["settings", "public"],
    queryFn: () => call(settingsEndpoints.public, {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return data ?? fallback;
}

/**
 * An amount of money in the configured currency, in the reader's own number format: "PKR 15,000",
 * "PKR 250.50". Cents are always shown when there are some: a currency usually written without them (PKR)
 * would otherwise show 250.50 as 251.
 */
export function useMoneyFormat(): (amount: number) => string {
  const { currency } = usePublicSettings();
  return useMemo(() => {
    const whole = new Intl.NumberFormat(undefined, { style: "currency", currency });
    const withCents = new Intl.NumberFormat(undefined, {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return (amount: number) => (Number.isInteger(amount) ? whole : withCents).format(amount);
  }, [currency]);
}
