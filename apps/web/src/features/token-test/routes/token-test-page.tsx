import { Button, Code, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { dashboardEndpoints } from "@visadesk/contract/dashboard-endpoints";
import { useState } from "react";
import { call } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { errorMessage, HttpError } from "@/lib/http";
import { usePageTitle } from "@/lib/page-title";
import { displayName, session } from "@/lib/session";

type Result = { ok: boolean; text: string } | null;

const yesNo = (value: boolean) => (
  <Text span fw={700} c={value ? "var(--visadesk-color-success)" : "var(--mantine-color-error)"}>
    {value ? "Yes" : "No"}
  </Text>
);

/** A developer tool showing the session and whether the bearer token reaches the API. */
export default function TokenTestPage() {
  usePageTitle("Token test");
  const { isAuthenticated, user } = useAuth();
  const [hasToken, setHasToken] = useState(() => Boolean(session.getToken()));
  const [result, setResult] = useState<Result>(null);
  const [testing, setTesting] = useState(false);

  const testTokenInclusion = async () => {
    setTesting(true);
    try {
      // Any authenticated endpoint will do: the dashboard counts are cheap. The client sends the stored
      // token when there is one, and the counts answer 200 when they answer at all.
      const sent = Boolean(session.getToken());
      await call(dashboardEndpoints.stats, {}, { silent: true });
      const { method, path } = dashboardEndpoints.stats;
      setResult({
        ok: sent,
        text: sent
          ? `Token sent and accepted: ${method} ${path} answered 200.`
          : "No token was sent, yet the call answered 200.",
      });
    } catch (error) {
      const sent = error instanceof HttpError && Boolean(error.config.headers.Authorization);
      const status = error instanceof HttpError ? error.response?.status : undefined;
      setResult({
        ok: false,
        text: `${sent ? "Token sent but refused" : "No token was sent"}: ${status ?? "no answer"} ${errorMessage(error)}`,
      });
    } finally {
      setHasToken(Boolean(session.getToken()));
      setTesting(false);
    }
  };

  const clearToken = () => {
    session.clearToken();
    setHasToken(false);
    setResult({ ok: true, text: "The access token was removed from this browser." });
  };

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} size="h2">
          Token Test
        </Title>
        <Text c="dimmed" size="sm">
          Checks that the access token is stored and sent with API calls.
        </Text>
      </div>
      <Paper withBorder p="md" radius="md">
        <Table variant="vertical" layout="fixed" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Authenticated</Table.Th>
              <Table.Td data-testid="token-test-authenticated">{yesNo(isAuthenticated)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Td data-testid="token-test-user">
                {user ? `${displayName(user)}${user.email ? ` (${user.email})` : ""}` : "None"}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Token available</Table.Th>
              <Table.Td data-testid="token-test-token">{yesNo(hasToken)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Group>
        <Button onClick={() => void testTokenInclusion()} loading={testing}>
          Test Token Inclusion
        </Button>
        <Button variant="outline" color="red.9" onClick={clearToken}>
          Clear Token
        </Button>
      </Group>
      <Paper
        withBorder
        p="md"
        radius="md"
        bg={
          result
            ? result.ok
              ? "var(--mantine-color-green-light)"
              : "var(--mantine-color-red-light)"
            : undefined
        }
      >
        <Text size="sm" fw={600}>
          Result
        </Text>
        <Text size="sm" role="status" data-testid="token-test-result">
          {result ? result.text : "No test run yet."}
        </Text>
      </Paper>
      <Text size="xs" c="dimmed">
        Requests go to <Code>/api/v2/</Code> with the header <Code>Authorization: Bearer &lt;token&gt;</Code>.
      </Text>
    </Stack>
  );
}
