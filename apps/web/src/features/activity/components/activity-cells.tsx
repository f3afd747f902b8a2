import { Anchor, Stack, Text } from "@mantine/core";
import type { AuditEntry } from "@visadesk/contract/audit";
import { Link } from "react-router";
import { ActorName, actorKindText } from "@/components/record-history/actor-name";
import { recordLink } from "../record-link";

export const RECORD_TYPES: Record<string, string> = {
  consultant: "Consultant",
  user: "User",
  appointment: "Appointment",
  note: "Note",
  file: "File",
  session: "Session",
  settings: "Settings",
  audit: "Activity",
  task: "Task",
};

/** The address a row came from, under its person: where a failed sign-in was tried from. */
function From({ ip }: { ip: string | null }) {
  return ip ? (
    <Text size="xs" c="dimmed">
      from {ip}
    </Text>
  ) : null;
}

/**
 * Who did it: the signed-in person (opening their account's page), an app user said to be one; for a failed sign-in,
 * the name as typed and the address; someone not signed in (a reset link) by their address; else System.
 */
export function WhoCell({ entry }: { entry: AuditEntry }) {
  if (entry.actor) {
    const kind = actorKindText(entry.actor);
    return (
      <Stack gap={0}>
        <ActorName actor={entry.actor} internalLink={entry.actorEmail !== null} />
        {kind ? (
          <Text size="xs" c="dimmed">
            {kind}
          </Text>
        ) : null}
        {entry.action === "sign-in-failed" ? <From ip={entry.ip} /> : null}
      </Stack>
    );
  }
  if (entry.action === "sign-in-failed" && entry.subject) {
    return (
      <Stack gap={0}>
        <Text size="sm">Signing in as “{entry.subject}”</Text>
        <From ip={entry.ip} />
      </Stack>
    );
  }
  if (entry.ip) {
    return (
      <Stack gap={0}>
        <Text size="sm">Not signed in</Text>
        <From ip={entry.ip} />
      </Stack>
    );
  }
  return <Text size="sm">System</Text>;
}

/** The record by its kind and its name now, linked to where it is seen. */
export function RecordCell({ entry }: { entry: AuditEntry }) {
  const link = recordLink(entry);
  const type = RECORD_TYPES[entry.entity] ?? entry.entity;
  // A note's or a linked task's name is the record it is on.
  const on = entry.entity === "note" || (entry.entity === "task" && entry.about);
  const label = entry.recordName ? `${type}${on ? " on" : ":"} ${entry.recordName}` : type;
  return link ? (
    <Anchor component={Link} to={link}>
      {label}
    </Anchor>
  ) : (
    <Text size="sm">{label}</Text>
  );
}
