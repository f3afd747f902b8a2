import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

/** Title, breadcrumb back to /users, and the add button of the timings and addresses managers. */
export function ManagerHeader(props: {
  title: string;
  consultantName: string | undefined;
  addLabel: string;
  onAdd: () => void;
  addDisabled: boolean;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Title order={2}>{props.title}</Title>
        <Breadcrumbs>
          <Anchor component={Link} to="/users">
            Consultant
          </Anchor>
          {props.consultantName && <Text>{props.consultantName}</Text>}
          <Text>{props.title}</Text>
        </Breadcrumbs>
      </Stack>
      <Button onClick={props.onAdd} disabled={props.addDisabled}>
        {props.addLabel}
      </Button>
    </Group>
  );
}
