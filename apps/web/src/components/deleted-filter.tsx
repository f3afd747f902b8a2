import { Button, Stack, Text } from "@mantine/core";
import type { UseMutationResult } from "@tanstack/react-query";
import { deletedFilterMessages as texts } from "@visadesk/contract/common-constants";
import { useCallback, useId } from "react";
import { useSearchParams } from "react-router";
import { formatInstant } from "@/lib/date-time";
import { errorMessage } from "../lib/http";
import { notify } from "../lib/toast";

/** Whether the address asks for a list's deleted records (?show=deleted; only an Admin's list shows them). */
export const asksForDeleted = (params: URLSearchParams) => params.get("show") === "deleted";

/**
 * Whether a list shows its deleted records (?show=deleted), kept in the URL like page and search so reload
 * and Back keep it; switching goes back to page 1.
 */
export function useDeletedFilter(): [boolean, (deleted: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const deleted = asksForDeleted(params);
  const setDeleted = useCallback(
    (next: boolean) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete("page");
        if (next) updated.set("show", "deleted");
        else updated.delete("show");
        return updated;
      }),
    [setParams],
  );
  return [deleted, setDeleted];
}

/** The Admin's "Active / Deleted" switch above a list. */
export function DeletedFilter({
  deleted,
  onChange,
}: {
  deleted: boolean;
  onChange: (deleted: boolean) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {texts.label}
      </Text>
      {/* Two toggle buttons rather than a segmented control: the list's first load stays within its budget. */}
      <Button.Group aria-labelledby={labelId}>
        {([false, true] as const).map((value) => (
          <Button
            key={String(value)}
            size="xs"
            variant={deleted === value ? "filled" : "default"}
            aria-pressed={deleted === value}
            onClick={() => onChange(value)}
          >
            {value ? texts.deleted : texts.active}
          </Button>
        ))}
      </Button.Group>
    </Stack>
  );
}

/** "23 Nov 2026, 09:12 (Europe/London)" in the browser's time zone, named, for the moment a record was deleted. */
export const deletedAtText = (at: string | undefined) => (at ? formatInstant(at) : "N/A");

/** Restores one deleted record: the toast says what was not restored, or why nothing was. */
export function RestoreButton({
  guidId,
  name,
  restoration,
  failure,
}: {
  guidId: string;
  /** Names the record for screen readers: every row's button says Restore. */
  name: string;
  restoration: UseMutationResult<{ message: string; notRestored: string[] }, unknown, string>;
  failure: string;
}) {
  return (
    <Button
      size="xs"
      variant="default"
      aria-label={`${texts.restore} ${name}`}
      loading={restoration.isPending}
      onClick={() =>
        restoration.mutate(guidId, {
          onSuccess: (answer) => notify.success([answer.message, ...answer.notRestored].join(". ")),
          onError: (error) => notify.error(errorMessage(error) || failure),
        })
      }
    >
      {texts.restore}
    </Button>
  );
}
