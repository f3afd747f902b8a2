import "../styles";
import { Anchor, Box, Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconPlaneTilt } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "@/lib/page-title";
import { paths } from "@/lib/paths";

/** The frame of the public pages: the product's name, a heading, the form, and links below it. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box component="main" bg="var(--mantine-color-default-hover)" mih="100vh" py={48} px="md">
      <Center>
        <Stack w="100%" maw={460} gap="lg">
          <Anchor
            component={Link}
            to={paths.login}
            underline="never"
            c="var(--mantine-color-anchor)"
            mx="auto"
          >
            <Stack align="center" gap={6}>
              <ThemeIcon size={48} radius="xl" aria-hidden>
                <IconPlaneTilt size={28} />
              </ThemeIcon>
              <Text fw={700} size="xl">
                {PRODUCT_NAME}
              </Text>
            </Stack>
          </Anchor>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Stack gap="md">
              <div>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                ) : null}
              </div>
              {children}
            </Stack>
          </Paper>
          {footer ? (
            <Text ta="center" size="sm" c="dimmed">
              {footer}
            </Text>
          ) : null}
        </Stack>
      </Center>
    </Box>
  );
}
