import { declaredEndpoints } from "@visadesk/contract/endpoints";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const endpoints = Object.entries(declaredEndpoints).flatMap(([group, list]) =>
  Object.entries(list).map(([name, endpoint]) => ({ name: `${group}.${name}`, endpoint })),
);

describe("endpoints declared in the contract", () => {
  it.each(endpoints)("$name is served at its path with its declared access", ({ endpoint }) => {
    const url = endpoint.path.replace(/\{([^}]+)\}/g, ":$1");
    expect(t.app.routeAccess).toContainEqual({ method: endpoint.method, url, auth: endpoint.auth });
  });

  it.each(endpoints)("$name is in the API document with its summary and answers", ({ endpoint }) => {
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    };
    const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
    expect(operation?.summary).toBe(endpoint.summary);
    for (const status of Object.keys(endpoint.responses)) expect(operation?.responses).toHaveProperty(status);
  });

  it.each(endpoints)("$name documents the body it takes, by media type", ({ endpoint }) => {
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const media = Object.keys(
      document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.requestBody?.content ?? {},
    );
    const declared = [
      ...(endpoint.body ? ["application/json"] : []),
      ...(endpoint.form ? ["multipart/form-data"] : []),
    ];
    expect(media.sort()).toEqual(declared.sort());
  });

  it("answers a creation with 201 and its record", async () => {
    const { headers } = await t.signIn("Staff");
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/v2/tasks",
      headers,
      payload: { title: "Call the embassy", dueDate: "2026-12-01" },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ title: "Call the embassy", dueDate: "2026-12-01" });
  });
});
