import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createBackgroundTasks } from "./background";

describe("background tasks", () => {
  it("start after the current turn, log a failure by name, and are all waited for by settled()", async () => {
    const errors: string[] = [];
    const log = { error: (_: unknown, message: string) => void errors.push(message) } as FastifyBaseLogger;
    const tasks = createBackgroundTasks(log);
    const done: string[] = [];
    tasks.run("first mail", async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push("first");
    });
    tasks.run("broken mail", async () => {
      throw new Error("SMTP refused");
    });
    expect(done).toEqual([]);
    await Promise.resolve();
    expect(done).toEqual([]);
    await tasks.settled();
    expect(done).toEqual(["first"]);
    expect(errors).toEqual(["broken mail failed"]);
  });
});
