import { Group, Loader, Paper, Text, ThemeIcon } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import { dashboardMessages } from "@visadesk/contract/dashboard-constants";
import { formatCount } from "@/lib/format-number";

/** One count card: a spinner while loading, "Error" on failure. */
export function StatCard({
  label,
  value,
  icon: CardIcon,
  color,
  state,
}: {
  label: string;
  value: number | undefined;
  icon: Icon;
  color: string;
  state: "loading" | "error" | "ready";
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-label={label}
      aria-busy={state === "loading"}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <div style={{ minHeight: 40, display: "flex", alignItems: "center" }} data-testid="stat-value">
            {state === "loading" && <Loader size="sm" aria-label={`Loading ${label}`} />}
            {state === "error" && (
              <Text fw={700} size="xl" c="var(--mantine-color-error)">
                {dashboardMessages.cardError}
              </Text>
            )}
            {state === "ready" && (
              <Text fw={700} fz={32} lh={1.2}>
                {formatCount(value ?? 0)}
              </Text>
            )}
          </div>
        </div>
        <ThemeIcon size={48} radius="md" variant="light" color={color} aria-hidden>
          <CardIcon size={26} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
