import { Anchor, Text } from "@mantine/core";
import { COMPANY_NAME, COMPANY_URL } from "../../lib/env";
import { usePublicSettings } from "../../lib/public-settings";

/**
 * The company comes from the server's COMPANY_NAME / COMPANY_URL (GET settings/public), so the same
 * build serves any deployment; the build-time values stand in until it answers or if it fails.
 */
function useCompany(): { companyName: string; companyUrl: string } {
  const { data } = usePublicSettings();
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
