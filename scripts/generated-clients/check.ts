import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import ts from "typescript";
import { type Document, type OperationCall, sampleCalls } from "./sample-calls";

/**
 * Whether clients made from the API documents by three common generators (openapi-typescript with
 * openapi-fetch, @hey-api/openapi-ts, orval) compile under --strict and make one call of every operation,
 * multipart included, without a cast. The work happens under node_modules/.cache (the generated code
 * imports openapi-fetch from there) and is removed afterwards unless it failed.
 */
const root = path.resolve(import.meta.dirname, "../..");
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

export async function checkGeneratedClients(
  documents: Array<{ name: string; file: string }>,
): Promise<boolean> {
  const work = path.join(root, "node_modules/.cache/generated-clients");
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const files: string[] = [];
  for (const { name, file } of documents) {
    const document = JSON.parse(fs.readFileSync(file, "utf8")) as Document;
    const calls = sampleCalls(document);
    const dir = path.join(work, name);
    fs.mkdirSync(dir, { recursive: true });
    // openapi-typescript, for openapi-fetch; a file of a multipart body is a Blob.
    const ast = await openapiTS(document as unknown as OpenAPI3, {
      transform: (schema) => (schema.format === "binary" ? BLOB : undefined),
    });
    fs.writeFileSync(path.join(dir, "openapi-typescript.ts"), astToString(ast));
    run(bin("openapi-ts"), ["-i", file, "-o", path.join(dir, "hey-api"), "-c", "@hey-api/client-fetch"], dir);
    const orvalConfig = path.join(dir, "orval.config.cjs");
    fs.writeFileSync(
      orvalConfig,
      `module.exports = { api: { input: ${JSON.stringify(file)}, output: { target: ${JSON.stringify(
        path.join(dir, "orval.ts"),
      )}, client: "fetch", mode: "single" } } };\n`,
    );
    run(bin("orval"), ["--config", orvalConfig], dir);
    fs.writeFileSync(path.join(dir, "calls-openapi-fetch.ts"), openapiFetchCalls(calls));
    fs.writeFileSync(path.join(dir, "calls-hey-api.ts"), heyApiCalls(calls));
    fs.writeFileSync(path.join(dir, "calls-orval.ts"), orvalCalls(calls));
    files.push(
      ...["calls-openapi-fetch.ts", "calls-hey-api.ts", "calls-orval.ts"].map((script) =>
        path.join(dir, script),
      ),
    );
    console.log(`Generated clients for ${name}: ${calls.length} operations, one call each in three clients`);
  }
  fs.writeFileSync(
    path.join(work, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        types: [],
        skipLibCheck: true,
      },
      files,
    }),
  );
  const typecheck = spawnSync(bin("tsc"), ["-p", path.join(work, "tsconfig.json")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const passed = typecheck.status === 0;
  if (passed) fs.rmSync(work, { recursive: true, force: true });
  else console.error(`${typecheck.stdout}${typecheck.stderr}\nThe generated clients are kept in ${work}`);
  console.log(
    `Generated clients (openapi-fetch, @hey-api/openapi-ts, orval) under --strict: ${passed ? "compile" : "FAIL"}`,
  );
  return passed;
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} failed:\n${result.stdout}${result.stderr}`);
}

const FORM_DATA = `const formData = (body: unknown): FormData => {
  const data = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value !== undefined) data.append(name, value instanceof Blob ? value : String(value));
  }
  return data;
};
`;
const objectOf = (pairs: Array<[string, string]>) =>
  `{ ${pairs.map(([name, value]) => `${JSON.stringify(name)}: ${value}`).join(", ")} }`;

function openapiFetchCalls(calls: OperationCall[]): string {
  const lines = calls.map((call) => {
    const params: string[] = [];
    if (call.pathParams.length > 0) params.push(`path: ${objectOf(call.pathParams)}`);
    if (call.query) params.push(`query: ${call.query}`);
    const init: string[] = [];
    if (params.length > 0) init.push(`params: { ${params.join(", ")} }`);
    if (call.body) init.push(`body: ${call.body.value}`);
    if (call.body?.media === "multipart") init.push("bodySerializer: formData");
    return `  await client.${call.method}(${JSON.stringify(call.path)}, { ${init.join(", ")} });`;
  });
  return `import createClient from "openapi-fetch";
import type { paths } from "./openapi-typescript";

const client = createClient<paths>({ baseUrl: "http://localhost" });
${FORM_DATA}
export async function callEveryOperation() {
${lines.join("\n")}
}
`;
}

function heyApiCalls(calls: OperationCall[]): string {
  const lines = calls.map((call) => {
    const options: string[] = [];
    if (call.pathParams.length > 0) options.push(`path: ${objectOf(call.pathParams)}`);
    if (call.query) options.push(`query: ${call.query}`);
    if (call.body) options.push(`body: ${call.body.value}`);
    return `  await sdk.${call.operationId}(${options.length > 0 ? `{ ${options.join(", ")} }` : ""});`;
  });
  return `import * as sdk from "./hey-api/sdk.gen";

export async function callEveryOperation() {
${lines.join("\n")}
}
`;
}

function orvalCalls(calls: OperationCall[]): string {
  const lines = calls.map((call) => {
    const args = [...call.pathParams.map(([, value]) => value)];
    if (call.body) args.push(call.body.value);
    if (call.query) args.push(call.query);
    return `  await api.${call.operationId}(${args.join(", ")});`;
  });
  return `import * as api from "./orval";

export async function callEveryOperation() {
${lines.join("\n")}
}
`;
}
