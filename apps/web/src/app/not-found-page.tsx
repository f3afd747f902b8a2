import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { usePageTitle } from "../lib/page-title";
import { paths } from "../lib/paths";

/** An address that is no screen of the product (a mistyped or outdated link): said so, with ways on. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle("Page not found");
  return (
    <Stack gap="sm" maw={560}>
      <Title order={2}>Page not found</Title>
      <Text>
        There is no page at{" "}
        <Text span ff="monospace">
          {pathname}
        </Text>
        . The link may be mistyped or out of date.
      </Text>
      <Group gap="lg">
        <Anchor
          component={Link}
          to={paths.consultants.list}
          c="var(--mantine-color-anchor)"
          underline="always"
        >
          Go to the consultant list
        </Anchor>
        <Anchor component={Link} to={paths.home} c="var(--mantine-color-anchor)" underline="always">
          Go to the dashboard
        </Anchor>
      </Group>
    </Stack>
  );
}
