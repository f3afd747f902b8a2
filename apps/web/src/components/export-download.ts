import type { Endpoint } from "@visadesk/contract/endpoint";
import { addressOfCall, type CallInput } from "../lib/api-client";
import { session } from "../lib/session";

// Loaded with the first press of a list's Export button (ExportButton): most visits export nothing.

/** The name the server gave the file (Content-Disposition), else a plain one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? "")?.[1] ?? fallback;
}

export interface Progress {
  bytes: number;
  rows: number;
}

/** The server's reason for a refused export, from its JSON error answer. */
async function refusal(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    // Not JSON: the status says it.
  }
  return `Request failed with status code ${response.status}`;
}

/**
 * Downloads a list's export with the list's query, read as a stream so a long export shows rows and bytes
 * as they arrive (call() and download() read the whole answer first); saved under the server's file name.
 * The rows come from the server in the list's order, however many there are.
 */
export async function downloadExport<E extends Endpoint>(
  declaration: E,
  input: CallInput<E>,
  onProgress: (progress: Progress) => void,
  /** Saved under this name instead of the server's. */
  fileName?: string,
): Promise<void> {
  const headers: Record<string, string> = {};
  const token = session.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(addressOfCall(declaration, input), { headers, credentials: "include" });
  if (!response.ok) throw new Error(await refusal(response));
  const chunks: BlobPart[] = [];
  const progress: Progress = { bytes: 0, rows: 0 };
  let lineBreaks = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.bytes += value.byteLength;
      // Counted in bytes: a line break never sits inside a multi-byte character. The header is not a row;
      // a quoted cell with a line break in it can make the live count run ahead, never the file.
      for (const byte of value) if (byte === 10) lineBreaks++;
      progress.rows = Math.max(0, lineBreaks - 1);
      onProgress({ ...progress });
    }
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob(chunks, { type: "text/csv;charset=utf-8" }));
  link.download = fileName ?? fileNameOf(response.headers.get("content-disposition"), "export.csv");
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is not needed any more.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
