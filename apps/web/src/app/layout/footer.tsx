import { Anchor, Text } from "@mantine/core";
import { COMPANY_NAME, COMPANY_URL } from "../../lib/env";

/** Spec section 1: "Copyright", the company name linked to its site, "All Rights Reserved". */
export function Footer() {
  return (
    <Text size="sm" c="dimmed" ta="center">
      Copyright © {new Date().getFullYear()}{" "}
      <Anchor href={COMPANY_URL} target="_blank" rel="noreferrer">
        {COMPANY_NAME}
      </Anchor>{" "}
      All Rights Reserved
    </Text>
  );
}
