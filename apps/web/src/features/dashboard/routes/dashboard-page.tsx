// Its Mantine styles come with it: the screens that do not use it never load them.
import "@mantine/core/styles/Breadcrumbs.css";
import "@mantine/core/styles/LoadingOverlay.css";
import { Anchor, Breadcrumbs, Group, LoadingOverlay, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCalendarTime, IconUserShield, IconUserStar, IconUsers } from "@tabler/icons-react";
import { dashboardMessages } from "@visadesk/contract/dashboard-constants";
import { useEffect } from "react";
import { Link } from "react-router";
import { LazyTaskDrawer } from "@/components/tasks/lazy-task-drawer";
import { useAuth } from "@/lib/auth";
import { statusOf } from "@/lib/http";
import { usePageTitle } from "@/lib/page-title";
import { paths } from "@/lib/paths";
import { prefetchForScreen } from "@/lib/screen-data";
import { notify } from "@/lib/toast";
import { dashboardStatsQueryOptions, useDashboardStats } from "../api/get-dashboard-stats";
import { dashboardOverviewQueryOptions, useDashboardOverview } from "../api/overview";
import { AppointmentsPerWeek } from "../components/appointments-per-week";
import { AppointmentTable, MyTasks, RegistrationsWaiting, Section } from "../components/overview-sections";
import { StatCard } from "../components/stat-card";

const CARDS = [
  { key: "consultants", label: "Consultants", icon: IconUserStar, color: "indigo" },
  { key: "appUsers", label: "Application Users", icon: IconUsers, color: "teal" },
  { key: "systemUsers", label: "System Users", icon: IconUserShield, color: "grape" },
  { key: "appUserAppoints", label: "Total Appointments", icon: IconCalendarTime, color: "orange" },
] as const;

export function prefetch() {
  prefetchForScreen(dashboardStatsQueryOptions());
  prefetchForScreen(dashboardOverviewQueryOptions());
}

export default function DashboardPage() {
  usePageTitle("Dashboard");
  const { isAuthenticated, loading } = useAuth();
  const stats = useDashboardStats({ enabled: isAuthenticated });
  // Its sections render in slices once it arrives (useQueryInSlices): at once they held the page in one task.
  const overview = useDashboardOverview({ enabled: isAuthenticated });
  const today = overview.data;
  const [taskOpened, task] = useDisclosure(false);

  useEffect(() => {
    // One toast per failure, not one per card.
    // A refused session (401) already has its own toast and goes to sign-in.
    if (stats.isError && statusOf(stats.error) !== 401) notify.error(dashboardMessages.loadFailed);
  }, [stats.isError, stats.error]);

  const state = stats.isError ? "error" : stats.isSuccess ? "ready" : "loading";

  return (
    <Stack gap="lg" pos="relative">
      {/* A spinner covers the page while the authentication state loads. */}
      <LoadingOverlay visible={loading} zIndex={5} />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <nav aria-label="Breadcrumb">
            <Breadcrumbs mt={4}>
              <Anchor component={Link} to={paths.home} size="sm" c="var(--mantine-color-anchor)">
                Home
              </Anchor>
              <Text size="sm" aria-current="page">
                Dashboard
              </Text>
            </Breadcrumbs>
          </nav>
        </div>
        <Anchor
          component="button"
          type="button"
          onClick={task.open}
          c="var(--mantine-color-anchor)"
          fw={600}
          aria-haspopup="dialog"
        >
          + Add Task
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {CARDS.map((card) => (
          <StatCard
            key={card.key}
            label={card.label}
            icon={card.icon}
            color={card.color}
            state={state}
            value={stats.data?.[card.key]}
          />
        ))}
      </SimpleGrid>
      {overview.isError ? <Text>{dashboardMessages.overviewFailed}</Text> : null}
      {today ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Section title="Today's appointments" headingId="overview-today" total={today.todayTotal}>
            <AppointmentTable
              items={today.today}
              empty="No appointments today."
              label="Today's appointments"
            />
          </Section>
          <Section title="My tasks" headingId="overview-tasks" total={today.myTasks.total}>
            <MyTasks tasks={today.myTasks.data} />
          </Section>
          <Section
            title="Awaiting confirmation"
            headingId="overview-awaiting"
            total={today.awaitingConfirmation.total}
          >
            <AppointmentTable
              items={today.awaitingConfirmation.data}
              empty="No upcoming appointment waits for confirmation."
              label="Appointments awaiting confirmation"
              withDate
            />
          </Section>
          <Section title="Confirmed but unpaid" headingId="overview-unpaid" total={today.unpaidPast.total}>
            <AppointmentTable
              items={today.unpaidPast.data}
              empty="Every past confirmed appointment is paid."
              label="Past appointments confirmed but unpaid"
              withDate
            />
          </Section>
          {today.registrationsWaiting ? (
            <Section
              title="Registrations waiting"
              headingId="overview-registrations"
              total={today.registrationsWaiting.total}
            >
              <RegistrationsWaiting list={today.registrationsWaiting} />
            </Section>
          ) : null}
          <Section title="Appointments per week" headingId="overview-weeks">
            <AppointmentsPerWeek weeks={today.weeks} />
          </Section>
        </SimpleGrid>
      ) : null}
      <LazyTaskDrawer opened={taskOpened} onClose={task.close} />
    </Stack>
  );
}
