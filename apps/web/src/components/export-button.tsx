import { Button, Text, VisuallyHidden } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { Endpoint, QueryIn } from "@visadesk/contract/endpoint";
import { generalMessages } from "@visadesk/contract/general-constants";
import { useState } from "react";
import { formatCount } from "@/lib/format-number";
import type { CallInput } from "../lib/api-client";
import { notify } from "../lib/toast";
import type { Progress } from "./export-download";

/** "Export 1,234 rows": what the button will download, before it starts. */
export const exportLabel = (total: number, estimate?: boolean) =>
  `Export ${estimate ? "about " : ""}${formatCount(total)} ${total === 1 ? "row" : "rows"}`;

/** "56 KB", "3.4 MB": how much has arrived. */
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface ExportButtonProps<E extends Endpoint> {
  /** The list's export (its declaration, e.g. consultantEndpoints.export). */
  endpoint: E;
  /** The list's query (search, sort, filters) as the export takes it, without the page. */
  query: QueryIn<E>;
  /** The list's total for that query; undefined while it loads. */
  total: number | undefined;
  totalIsEstimate?: boolean | undefined;
  /**
   * The button's text for a list that counts no rows (a history read by cursor): it then says no count
   * and is pressed whatever the page shows.
   */
  label?: string;
  /** The name the file is saved under, instead of the server's. */
  fileName?: string;
}

/** The list's export: says how many rows it will download, then how many have arrived. */
export function ExportButton<E extends Endpoint>({
  endpoint,
  query,
  total,
  totalIsEstimate,
  label,
  fileName,
}: ExportButtonProps<E>) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const start = () => {
    setProgress({ bytes: 0, rows: 0 });
    import("./export-download")
      .then(({ downloadExport }) =>
        downloadExport(endpoint, { query } as CallInput<E>, setProgress, fileName),
      )
      .then(() => notify.success(`Export downloaded`))
      .catch((error: unknown) =>
        notify.error(error instanceof Error && error.message ? error.message : generalMessages.fallback),
      )
      .finally(() => setProgress(null));
  };
  const busy = progress !== null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={start}
        loading={busy && progress.bytes === 0}
        disabled={(label === undefined && (total === undefined || total === 0)) || busy}
      >
        {busy
          ? `Exporting… ${formatCount(progress.rows)} rows (${size(progress.bytes)})`
          : label !== undefined
            ? label
            : total === undefined
              ? "Export"
              : exportLabel(total, totalIsEstimate)}
      </Button>
      <VisuallyHidden>
        <Text component="span" role="status">
          {busy ? "Export under way" : ""}
        </Text>
      </VisuallyHidden>
    </>
  );
}
