import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { STORAGE_KEYS } from "@visadesk/contract/auth-constants";
import { MemoryRouter } from "react-router";
import { ToastContainer } from "react-toastify/unstyled";
import { beforeEach, describe, expect, it } from "vitest";
import { AuthProvider } from "@/lib/auth";
import { createQueryClient } from "@/lib/query-client";
import { type ApiAnswer, serveApi } from "../../../../test/api-stub";
import DashboardPage from "./dashboard-page";

const none = { data: [], total: 0 };
/** The overview below the cards: nothing to do, unless a test says otherwise. */
const emptyOverview = {
  today: [],
  awaitingConfirmation: none,
  unpaidPast: none,
  registrationsWaiting: null,
  myTasks: none,
  weeks: [],
};

let overview: object = emptyOverview;

/** The API answers the overview with `overview` and every other call with what each test sets. */
let answer: ApiAnswer = { status: 200, body: {} };
let calls = 0;
serveApi(({ url }) => {
  if (url.includes("/Dashboard/overview")) return { status: 200, body: overview };
  calls += 1;
  return answer;
});
beforeEach(() => {
  calls = 0;
  overview = emptyOverview;
});

const signIn = () => {
  localStorage.setItem(STORAGE_KEYS.accessToken, "token");
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ userName: "sara", email: "sara@example.com" }));
};

const renderDashboard = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <MemoryRouter>
            <DashboardPage />
          </MemoryRouter>
          <ToastContainer />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );

const card = (label: string) => within(screen.getByRole("region", { name: label }));

describe("dashboard cards", () => {
  it("show the counts, missing values as 0", async () => {
    signIn();
    answer = { status: 200, body: { consultants: 42, appUsers: 7 } };
    renderDashboard();
    expect(await card("Consultants").findByText("42")).toBeInTheDocument();
    expect(card("Application Users").getByText("7")).toBeInTheDocument();
    expect(card("System Users").getByText("0")).toBeInTheDocument();
    expect(card("Total Appointments").getByText("0")).toBeInTheDocument();
  });

  it("show Error on each card and one toast when the call fails", async () => {
    signIn();
    answer = { status: 500, body: { message: "Something went wrong on our side. Please try again later." } };
    renderDashboard();
    expect(
      await screen.findByText("Failed to load dashboard statistics", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    for (const label of ["Consultants", "Application Users", "System Users", "Total Appointments"]) {
      expect(card(label).getByText("Error")).toBeInTheDocument();
    }
  });

  it("make no call when not authenticated", async () => {
    renderDashboard();
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(0);
  });
});

describe("dashboard overview", () => {
  it("lists today's appointments and my open tasks, an overdue one marked", async () => {
    signIn();
    answer = { status: 200, body: {} };
    const person = { guidId: "g1", name: "Sara" };
    overview = {
      ...emptyOverview,
      today: [
        {
          id: "a1",
          date: "2030-06-12",
          time: "16:30",
          customer: "Ali Khan",
          customerEmail: "ali@example.com",
          consultant: "Maple Visas",
          status: "Confirmed",
          isPaid: false,
        },
      ],
      myTasks: {
        data: [
          {
            id: "t1",
            title: "Call the embassy",
            dueDate: "2030-06-01",
            notes: null,
            assignee: person,
            createdBy: person,
            link: null,
            done: false,
            doneAt: null,
            overdue: true,
            createdAt: "2030-05-01T00:00:00Z",
            updatedAt: "2030-05-01T00:00:00Z",
          },
        ],
        total: 1,
      },
      weeks: [{ weekStart: "2030-06-10", Pending: 1, Confirmed: 2, Cancelled: 0 }],
    };
    renderDashboard();
    const today = await screen.findByRole("table", { name: "Today's appointments" }, { timeout: 5000 });
    const row = within(today).getByRole("row", { name: /Ali Khan/ });
    expect(row).toHaveTextContent("16:30");
    expect(row).toHaveTextContent("Maple Visas");
    expect(row).toHaveTextContent("Confirmed");
    const tasks = screen.getByRole("list", { name: "My tasks" });
    expect(within(tasks).getByRole("checkbox", { name: "Call the embassy" })).not.toBeChecked();
    expect(within(tasks).getByText("Overdue")).toBeInTheDocument();
    // The chart's figures, readable as a table.
    const figures = screen.getByRole("table", { name: "Appointments per week", hidden: true });
    expect(within(figures).getByRole("row", { name: /2030-06-10/, hidden: true })).toHaveTextContent(
      "2030-06-10120",
    );
    // Staff see no registrations block.
    expect(screen.queryByRole("region", { name: "Registrations waiting" })).toBeNull();
  });
});
