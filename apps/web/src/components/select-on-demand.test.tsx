import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

type Module = typeof import("./select-on-demand");
let SelectOnDemand: Module["SelectOnDemand"];
// Each test starts before the select's first load (the module keeps it once loaded).
beforeEach(async () => {
  vi.resetModules();
  ({ SelectOnDemand } = await import("./select-on-demand"));
});

const CITIES = [
  { value: "khi", label: "Karachi" },
  { value: "lhe", label: "Lahore" },
  { value: "lon", label: "London" },
];

function City({ searchable, onChange }: { searchable?: boolean; onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>("khi");
  return (
    <SelectOnDemand
      label="City"
      data={CITIES}
      value={value}
      searchable={searchable ?? false}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const renderCity = (searchable?: boolean) => {
  const onChange = vi.fn();
  // env="test": no transitions, so the options are there as soon as the select opens.
  render(
    <MantineProvider env="test">
      <City searchable={searchable ?? false} onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
};

/** The select once it has taken the stand-in's place. */
const loadedSelect = (standIn: HTMLElement) =>
  waitFor(() => {
    const select = screen.getByRole("combobox", { name: "City" });
    expect(select).not.toBe(standIn);
    return select;
  });

describe("a select loaded on demand", () => {
  it("stands in with the chosen option's label and no options, until it is reached", () => {
    renderCity();
    expect(screen.getByRole("combobox", { name: "City" })).toHaveValue("Karachi");
    // Mantine's select keeps its options in the page, hidden; the stand-in has none.
    expect(document.querySelectorAll("[data-combobox-option]")).toHaveLength(0);
  });

  it("reached by keyboard and opened, is the select, focused, and takes a choice", async () => {
    const onChange = renderCity();
    const standIn = screen.getByRole("combobox", { name: "City" });
    await userEvent.tab();
    await userEvent.keyboard("{ArrowDown}");
    const select = await loadedSelect(standIn);
    await waitFor(() => expect(select).toHaveFocus());
    // Open, and saying so.
    await waitFor(() => expect(select).toHaveAttribute("aria-expanded", "true"));
    await userEvent.click(await screen.findByRole("option", { name: "Lahore" }));
    expect(onChange).toHaveBeenCalledWith("lhe");
    expect(screen.getByRole("combobox", { name: "City" })).toHaveValue("Lahore");
  });

  it("searchable, once reached, searches as the select", async () => {
    renderCity(true);
    const standIn = screen.getByRole("combobox", { name: "City" });
    await userEvent.tab();
    const select = await loadedSelect(standIn);
    await userEvent.clear(select);
    await userEvent.keyboard("Lo");
    expect(await screen.findByRole("option", { name: "London" })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: "Karachi" })).toBeNull();
  });
});
