import { Anchor, Text } from "@mantine/core";
import type { AuditEntry } from "@visadesk/contract/audit";
import { Link } from "react-router";
import { paths } from "@/lib/paths";

type Actor = NonNullable<AuditEntry["actor"]>;

/** What each kind of account is called where a history names who acted; an internal account needs no word. */
export const ACTOR_KINDS: Record<NonNullable<Actor["kind"]>, string | null> = {
  "app-user": "App user",
  internal: null,
};

/** The actor's kind in words ("App user"), or null. */
export const actorKindText = (actor: Actor) => (actor.kind ? ACTOR_KINDS[actor.kind] : null);

/**
 * Who acted, by name: an app user's name opens their App User page; an internal account's opens its own page
 * when the reader may know its email (`internalLink`); else the name as text.
 */
export function ActorName({ actor, internalLink, fw }: { actor: Actor; internalLink: boolean; fw?: number }) {
  const name = actor.name || "Unnamed account";
  const to =
    actor.kind === "app-user"
      ? paths.appUsers.edit(actor.guidId)
      : internalLink
        ? paths.internalUsers.view(actor.guidId)
        : null;
  return to ? (
    <Anchor component={Link} to={to} size="sm" fw={fw}>
      {name}
    </Anchor>
  ) : (
    <Text span size="sm" fw={fw}>
      {name}
    </Text>
  );
}
