import { Tabs } from "@mantine/core";
import type { NoteEntity } from "@visadesk/contract/notes";
import type { ReactNode } from "react";
import { RecordHistory } from "./record-history/record-history";

/** A record's two tabs: Details (given as children) first, and the record's History. */
export function RecordTabs({
  entity,
  entityId,
  children,
}: {
  entity: NoteEntity;
  entityId: string;
  children: ReactNode;
}) {
  return (
    <Tabs defaultValue="details">
      <Tabs.List mb="md">
        <Tabs.Tab value="details">Details</Tabs.Tab>
        <Tabs.Tab value="history">History</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="history">
        <RecordHistory entity={entity} entityId={entityId} />
      </Tabs.Panel>
      <Tabs.Panel value="details">{children}</Tabs.Panel>
    </Tabs>
  );
}
