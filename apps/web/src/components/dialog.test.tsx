import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "./dialog";

function Screen() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Delete
      </button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title="Delete timing">
        Are you sure?
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("mounts nothing until first opened, opens once mounted, and closes (and opens) again", async () => {
    const user = userEvent.setup();
    // env="test": no transitions, so the dialog comes and goes as soon as it is asked to.
    render(
      <MantineProvider env="test">
        <Screen />
      </MantineProvider>,
    );
    expect(document.querySelector(".mantine-Modal-root")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("dialog", { name: "Delete timing" })).toHaveTextContent("Are you sure?");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("dialog", { name: "Delete timing" })).toBeVisible();
  });
});
