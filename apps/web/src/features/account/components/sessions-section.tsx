import { Badge, Button, Group, Loader, Stack, Table } from "@mantine/core";
import type { MySession } from "@visadesk/contract/account";
import { LoadErrorState } from "@/components/list-table";
import { formatInstant } from "@/lib/date-time";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import { useEndSessions, useMySessions } from "../api/account";
import { AccountTable } from "./account-table";

/** In this browser's time zone, named. */
const when = (iso: string) => formatInstant(iso);

/** My signed-in sessions: where and when, and a way to end any of them, or all but this one. */
export function SessionsSection() {
  const sessions = useMySessions(true);
  const end = useEndSessions();
  const endSessions = (session?: MySession) =>
    end.mutate(session?.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorMessage(error)),
    });

  if (sessions.isPending) return <Loader size="sm" aria-label="Loading sessions" />;
  if (sessions.isError) {
    return <LoadErrorState texts={{ title: "The sessions could not be loaded" }} query={sessions} />;
  }
  const others = sessions.data.filter((session) => !session.current);
  return (
    <Stack gap="sm">
      <AccountTable
        caption="Signed-in sessions"
        columns={["Device", "Address", "Started", "Last seen"]}
        minWidth={560}
      >
        {sessions.data.map((session) => (
          <Table.Tr key={session.id}>
            <Table.Td>
              <Group gap="xs">
                {session.device}
                {session.current ? (
                  <Badge color="teal.9" variant="light">
                    This session
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>{session.address ?? "Unknown"}</Table.Td>
            <Table.Td>{when(session.startedAt)}</Table.Td>
            <Table.Td>{when(session.lastSeenAt)}</Table.Td>
            <Table.Td>
              {!session.current && (
                <Button
                  size="compact-xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => endSessions(session)}
                  disabled={end.isPending}
                  aria-label={`Sign out ${session.device}, last seen ${when(session.lastSeenAt)}`}
                >
                  Sign out
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </AccountTable>
      <Group>
        <Button
          variant="outline"
          color="red.9"
          disabled={others.length === 0 || end.isPending}
          onClick={() => endSessions()}
        >
          Sign out all other sessions
        </Button>
      </Group>
    </Stack>
  );
}
