import { Anchor, Text } from "@mantine/core";
import { usePublicSettings } from "@/lib/public-settings";

/** "Copyright", the company name linked to its site, "All Rights Reserved". */
export function Footer() {
  // The company comes from the server's COMPANY_NAME / COMPANY_URL: the same build serves any deployment.
  const company = usePublicSettings();
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
