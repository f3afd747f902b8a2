import { Group, Tabs } from "@mantine/core";
import type { NoteEntity } from "@visadesk/contract/notes";
import type { ReactNode } from "react";
import { RecordHistory } from "./record-history/record-history";

/** A record's two tabs: Details (given as children) first, and the record's History; `actions` sit beside the tabs. */
export function RecordTabs({
  entity,
  entityId,
  actions,
  children,
}: {
  entity: NoteEntity;
  entityId: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Tabs defaultValue="details">
      <Group justify="space-between" mb="md" gap="xs">
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        {actions}
      </Group>
      <Tabs.Panel value="history">
        <RecordHistory entity={entity} entityId={entityId} />
      </Tabs.Panel>
      <Tabs.Panel value="details">{children}</Tabs.Panel>
    </Tabs>
  );
}
