// Its Mantine styles come with it: the shell's first screen does not load them.
import "@mantine/core/styles/Combobox.css";
import { Combobox, Loader, Stack, Text, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Appointment } from "@visadesk/contract/appointments";
import { searchEndpoints } from "@visadesk/contract/search-endpoints";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Dialog } from "@/components/dialog";
import { call } from "@/lib/api-client";
import { takeTypedKeys } from "@/lib/early-keys";
import { formatCount } from "@/lib/format-number";
import { type FoundGroup, type FoundOption, foundOptions, groupsOf } from "./found";

// The appointment's own dialogs load only when a found appointment is opened.
const FoundAppointment = lazy(() => import("./found-appointment"));

/** Typing settles this long before the server is asked, so each keystroke does not cost a request. */
const DEBOUNCE_MS = 250;
/** Each group answers this many records; its heading says how many match in all. */
const GROUP_SIZE = 5;

async function searchEverything(term: string) {
  // The dialog shows its own error state.
  return call(searchEndpoints.everywhere, { query: { q: term, limit: GROUP_SIZE } }, { silent: true });
}

interface GlobalSearchDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The header's search (and Ctrl/Cmd+K): consultants, app users, internal users and appointments found by one
 * term, grouped, each group with its total. The input is a combobox over one listbox of grouped options, so
 * the arrow keys walk every group and Enter opens the record.
 */
export default function GlobalSearchDialog({ opened, onClose }: GlobalSearchDialogProps) {
  const [term, setTerm] = useState("");
  const [debounced] = useDebouncedValue(term.trim(), DEBOUNCE_MS);
  const [appointment, setAppointment] = useState<Appointment | null>(null);
  const navigate = useNavigate();
  const combobox = useCombobox({ opened: true });
  const found = useQuery({
    queryKey: ["global-search", debounced],
    queryFn: () => searchEverything(debounced),
    enabled: opened && debounced.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const groups = debounced && found.data ? groupsOf(found.data) : [];
  const options = foundOptions(groups);

  // A new answer is walked from its start: the old selected index would point into other records.
  const { resetSelectedOption } = combobox;
  useEffect(() => {
    if (found.data) resetSelectedOption();
  }, [found.data, resetSelectedOption]);

  const open = (value: string) => {
    const option = options.find((candidate) => candidate.value === value);
    if (!option) return;
    onClose();
    if (option.target.kind === "appointment") setAppointment(option.target.appointment);
    else navigate(option.target.to);
  };

  const pending = term.trim() !== debounced || (found.isFetching && !found.isPlaceholderData && !found.data);
  return (
    <>
      <Dialog
        opened={opened}
        onClose={onClose}
        title="Search"
        closeButtonProps={{ "aria-label": "Close search" }}
        size="lg"
        yOffset="10vh"
        transitionProps={{ duration: 0 }}
      >
        <Combobox store={combobox} onOptionSubmit={open}>
          <Combobox.EventsTarget withExpandedAttribute>
            <TextInput
              data-autofocus
              // index.html's script gives this box the focus on Ctrl+K while the dialog is open.
              data-global-search
              aria-label="Search consultants, app users, internal users and appointments"
              placeholder="Name, email, phone, CNIC or business name"
              value={term}
              onChange={(event) => setTerm(event.currentTarget.value)}
              // The keys typed since Ctrl+K, before this box had the focus, in the order they were typed.
              onFocus={() => {
                const typed = takeTypedKeys();
                if (typed) setTerm((current) => current + typed);
              }}
              onKeyDown={(event) => {
                // The listbox is always open, so Escape closes the dialog rather than a dropdown.
                if (event.key === "Escape") onClose();
                // Enter before any arrow key opens the first record found.
                if (event.key === "Enter" && combobox.getSelectedOptionIndex() === -1 && options[0]) {
                  event.preventDefault();
                  open(options[0].value);
                }
              }}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={found.isFetching ? <Loader size="xs" aria-hidden /> : null}
            />
          </Combobox.EventsTarget>
          <Stack gap={0} mt="sm" mah="60vh" style={{ overflowY: "auto" }}>
            <Combobox.Options aria-label="Search results">
              {groups.map((group) => (
                <Combobox.Group key={group.kind} label={groupLabel(group)}>
                  {group.options.map((option) => (
                    <Combobox.Option key={option.value} value={option.value}>
                      <OptionText option={option} />
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              ))}
            </Combobox.Options>
            <SearchState
              term={debounced}
              pending={pending}
              failed={found.isError}
              empty={groups.length === 0 && !found.isFetching && found.isSuccess}
              onRetry={() => void found.refetch()}
            />
          </Stack>
        </Combobox>
      </Dialog>
      {appointment ? (
        <Suspense fallback={null}>
          <FoundAppointment appointment={appointment} onClose={() => setAppointment(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** "Consultants · 12 found": the group's name and how many match in all, not only the few shown. */
function groupLabel(group: FoundGroup) {
  const about = group.totalIsEstimate ? "about " : "";
  return `${group.label} · ${about}${formatCount(group.total)} ${group.noun(group.total)}`;
}

function OptionText({ option }: { option: FoundOption }) {
  // The detail keeps the option's own colour: a dimmed grey fails contrast on the selected option's fill.
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} truncate="end">
        {option.title}
      </Text>
      <Text size="xs" truncate="end">
        {option.detail}
      </Text>
    </Stack>
  );
}

/** What the dialog says when it has no results to show: a hint, a wait, nothing found, or a failure. */
function SearchState(props: {
  term: string;
  pending: boolean;
  failed: boolean;
  empty: boolean;
  onRetry: () => void;
}) {
  let text: ReactNode = null;
  if (!props.term && !props.pending)
    text = "Type to search consultants, app users, internal users and appointments.";
  else if (props.failed)
    text = (
      <>
        Search failed. Check your connection and{" "}
        <Text
          component="button"
          type="button"
          size="sm"
          c="var(--mantine-color-anchor)"
          td="underline"
          style={{ background: "none", border: 0, padding: 0, cursor: "pointer" }}
          onClick={props.onRetry}
        >
          try again
        </Text>
        .
      </>
    );
  else if (props.empty && !props.pending) text = `Nothing matches "${props.term}".`;
  return (
    <Text size="sm" c={props.failed ? undefined : "dimmed"} ta="center" py={text ? "md" : 0} role="status">
      {text}
    </Text>
  );
}
