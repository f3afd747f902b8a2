import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

type Module = typeof import("./multi-select-on-demand");
let MultiSelectOnDemand: Module["MultiSelectOnDemand"];
// Each test starts before the select's first load (the module keeps it once loaded).
beforeEach(async () => {
  vi.resetModules();
  ({ MultiSelectOnDemand } = await import("./multi-select-on-demand"));
});

const COUNTRIES = [
  { value: "Japan", label: "Japan" },
  { value: "Germany", label: "Germany" },
  { value: "Canada", label: "Canada" },
];

function Countries({ onChange }: { onChange: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>(["Japan", "Germany"]);
  return (
    <MultiSelectOnDemand
      label="Countries"
      data={COUNTRIES}
      value={value}
      searchable
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const renderCountries = () => {
  const onChange = vi.fn();
  // env="test": no transitions, so the options are there as soon as the select opens.
  render(
    <MantineProvider env="test">
      <Countries onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
};

const pills = () => [...document.querySelectorAll(".mantine-Pill-label")].map((pill) => pill.textContent);

/** The select once it has taken the stand-in's place. */
const loadedSelect = (standIn: HTMLElement) =>
  waitFor(() => {
    const select = screen.getByRole("combobox", { name: "Countries" });
    expect(select).not.toBe(standIn);
    return select;
  });

describe("a multi-select loaded on demand", () => {
  it("stands in with the chosen options as pills and no options, until it is reached", () => {
    renderCountries();
    expect(screen.getByRole("combobox", { name: "Countries" })).toHaveAttribute("readonly");
    expect(pills()).toEqual(["Japan", "Germany"]);
    expect(document.querySelectorAll("[data-combobox-option]")).toHaveLength(0);
  });

  it("pressed, is the select, focused and open, keeps the choices and takes another", async () => {
    const onChange = renderCountries();
    const standIn = screen.getByRole("combobox", { name: "Countries" });
    await userEvent.click(standIn);
    const select = await loadedSelect(standIn);
    await waitFor(() => expect(select).toHaveFocus());
    await userEvent.click(await screen.findByRole("option", { name: "Canada" }));
    expect(onChange).toHaveBeenCalledWith(["Japan", "Germany", "Canada"]);
    expect(pills()).toEqual(["Japan", "Germany", "Canada"]);
  });

  it("reached by keyboard, is the select, focused, and searches as the select", async () => {
    const onChange = renderCountries();
    const standIn = screen.getByRole("combobox", { name: "Countries" });
    await userEvent.tab();
    const select = await loadedSelect(standIn);
    await waitFor(() => expect(select).toHaveFocus());
    await userEvent.keyboard("Can");
    await userEvent.click(await screen.findByRole("option", { name: "Canada" }));
    expect(onChange).toHaveBeenCalledWith(["Japan", "Germany", "Canada"]);
  });
});
