import { Badge, Group } from "@mantine/core";
import type { User } from "@visadesk/contract/users";
import { approvalMessages } from "@visadesk/contract/users-constants";
import { RegistrationDecision, ReopenRegistration } from "./registration-decision";

/** Role, suspension and a sign-in lockout (the lockout is in an Admin's answers only), beside the name. */
export function AccountBadges({ user }: { user: User }) {
  const isAdmin = user.userRoles.roles.includes("Admin");
  const suspended = user.status === "suspended";
  const locked = user.signIn?.locked === true;
  if (!isAdmin && !suspended && !locked) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {isAdmin ? (
        <Badge color="indigo.9" variant="light">
          Admin
        </Badge>
      ) : null}
      {suspended ? (
        <Badge color="red.9" variant="light">
          Suspended
        </Badge>
      ) : null}
      {locked ? (
        <Badge color="orange.9" variant="light" title="Locked out by failed sign-ins">
          Locked
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * Where a registration stands when it is not decided yes: pending (an Admin approves or rejects it here) or
 * rejected (an Admin may re-open it). Nothing for an approved account.
 */
export function RegistrationState({ user, canDecide }: { user: User; canDecide: boolean }) {
  if (user.status === "pending") {
    return (
      <Group gap="xs">
        <Badge color="yellow.3" c="dark.8">
          {approvalMessages.pendingBadge}
        </Badge>
        {canDecide ? <RegistrationDecision user={user} /> : null}
      </Group>
    );
  }
  if (user.status === "rejected") {
    return (
      <Group gap="xs">
        <Badge color="red.9" variant="light">
          {approvalMessages.rejectedBadge}
        </Badge>
        {canDecide ? <ReopenRegistration user={user} /> : null}
      </Group>
    );
  }
  return null;
}
