import { Anchor, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { PublicSettings } from "@visadesk/contract/settings";
import { COMPANY_NAME, COMPANY_URL } from "../../lib/env";
import { http } from "../../lib/http";

/**
 * The company comes from the server's COMPANY_NAME / COMPANY_URL (GET settings/public), so the same
 * build serves any deployment; the build-time values stand in until it answers or if it fails.
 */
function useCompany(): PublicSettings {
  const { data } = useQuery({
    queryKey: ["settings", "public"],
    queryFn: async () => (await http.get<PublicSettings>("settings/public", { silent: true })).data,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return data ?? { companyName: COMPANY_NAME, companyUrl: COMPANY_URL };
}

/** Spec section 1: "Copyright", the company name linked to its site, "All Rights Reserved". */
export function Footer() {
  const company = useCompany();
  return (
    <Text size="sm" c="dimmed" ta="center">
      Copyright © {new Date().getFullYear()}{" "}
      <Anchor
        href={company.companyUrl}
        target="_blank"
        rel="noreferrer"
        c="var(--mantine-color-anchor)"
        underline="always"
      >
        {company.companyName}
      </Anchor>{" "}
      All Rights Reserved
    </Text>
  );
}
