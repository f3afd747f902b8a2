// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Breadcrumbs.css";
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/lib/paths";

/** The title of a consultant page with its breadcrumb back to /users, and an optional button on the right. */
export function ConsultantPageHeader(props: {
  title: string;
  /** Named between "Consultant" and the title once loaded (timings and addresses managers). */
  consultantName?: string | undefined;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Title order={2}>{props.title}</Title>
        <Breadcrumbs>
          <Anchor component={Link} to={paths.consultants.list}>
            Consultant
          </Anchor>
          {props.consultantName ? (
            // Breadcrumbs restyle their direct children: the cut name sits one level down, keeping its width.
            <span>
              <Text
                component="span"
                display="block"
                truncate="end"
                maw="min(320px, 50vw)"
                title={props.consultantName}
              >
                {props.consultantName}
              </Text>
            </span>
          ) : null}
          <Text>{props.title}</Text>
        </Breadcrumbs>
      </Stack>
      {props.action}
    </Group>
  );
}
