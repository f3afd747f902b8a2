import { Alert, Button, Text } from "@mantine/core";
import { Component, type ReactNode } from "react";
import { useLocation } from "react-router";
import { LoadingState } from "../components/loading-state";
import { PageLoadError, retryFailedPageLoads } from "../lib/feature";
import { isOnline, subscribeToOnlineStatus } from "../lib/online-status";
import { PRODUCT_NAME } from "../lib/page-title";

/**
 * While offline, how often the server is asked whether it can be reached again: the browser's online event
 * can come before the network really works, and a network without internet never sends one.
 */
const RECHECK_MS = 4000;

type Failure = "checking" | "offline" | "new-version" | "broken";

/** What browsers and the bundler say when a script or stylesheet of the app could not be downloaded. */
const DOWNLOAD_FAILED = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** A page's download failed, or a part's that a page or the shell loads as it renders (a dialog, a menu). */
const isLoadFailure = (error: unknown) =>
  error instanceof PageLoadError || (error instanceof Error && DOWNLOAD_FAILED.test(error.message));

/** The file a failed download names ("Failed to fetch dynamically imported module: https://…/x.js"). */
function failedFile(error: unknown): string | undefined {
  const said = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+|\/assets\/\S+)/.exec(said)?.[1];
}

/** Asks the server for the file: "present", "gone", or "unreachable" when no answer comes at all. */
async function probe(url: string): Promise<"present" | "gone" | "unreachable"> {
  try {
    const response = await fetch(url, { method: "HEAD", cache: "no-store" });
    // Paths it does not know get the app's index.html: HTML in place of a script means the script is gone.
    const html = response.headers.get("content-type")?.includes("text/html") ?? false;
    return response.ok && !html ? "present" : "gone";
  } catch {
    return "unreachable";
  }
}

/**
 * Why a page's download failed. Offline, or no answer: the network. An answer without the file: a deploy
 * replaced the files this open app names, and only a reload brings the new ones. The file there after all:
 * a passing failure, worth one more try.
 */
async function diagnose(error: unknown): Promise<"offline" | "new-version" | "retry"> {
  if (!isOnline()) return "offline";
  const file = failedFile(error);
  const answer = await probe(file ?? "/api/health");
  if (answer === "unreachable") return "offline";
  return file && answer === "present" ? "retry" : "new-version";
}

interface BoundaryProps {
  children: ReactNode;
  /** A new value (another address) gives a failed page a fresh attempt. */
  resetKey: string;
}
interface BoundaryState {
  error: unknown;
  failure: Failure | null;
}

/** Says why a page could not be shown, in its place, and brings the page back when that can work. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failure: null };
  private mounted = false;
  /** One quiet retry per failure whose file turned out to be there. */
  private retried = false;
  /** Whether this page failed while the browser was offline (since its address last changed). */
  private wasOffline = false;
  private stopWatching: (() => void) | null = null;

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failure: isLoadFailure(error) ? "checking" : "broken" };
  }

  override componentDidMount() {
    this.mounted = true;
  }

  override componentDidCatch(error: unknown) {
    if (isLoadFailure(error)) void this.explain(error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey) {
      this.retried = false;
      this.wasOffline = false;
      if (this.state.error) this.retry();
    }
  }

  override componentWillUnmount() {
    this.mounted = false;
    this.unwatch();
    // The next visit to the page downloads it again instead of failing with this attempt.
    if (this.state.error) retryFailedPageLoads();
  }

  private async explain(error: unknown) {
    const cause = await diagnose(error);
    if (!this.mounted || this.state.error !== error) return;
    if (cause === "retry" && !this.retried) {
      this.retried = true;
      this.retry();
      return;
    }
    // Back online, the file is there, and the download still fails: the browser kept the failure it met
    // offline (older browsers keep a failed module download for the life of the page). A reload fetches it.
    if (cause === "retry" && this.wasOffline) {
      window.location.reload();
      return;
    }
    if (cause === "offline") {
      this.wasOffline = true;
      this.retried = false;
      this.watchForNetwork(error);
    }
    this.setState({ failure: cause === "offline" ? "offline" : "new-version" });
  }

  /** Back online, the page comes back by itself: on the browser's online event, or once the server answers. */
  private watchForNetwork(error: unknown) {
    this.unwatch();
    const unsubscribe = subscribeToOnlineStatus(() => {
      if (isOnline()) this.retry();
    });
    const timer = setInterval(async () => {
      if (isOnline() && (await probe(failedFile(error) ?? "/api/health")) !== "unreachable") this.retry();
    }, RECHECK_MS);
    this.stopWatching = () => {
      unsubscribe();
      clearInterval(timer);
    };
  }

  private unwatch() {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  private retry = () => {
    if (!this.mounted) return;
    this.unwatch();
    retryFailedPageLoads();
    this.setState({ error: null, failure: null });
  };

  override render() {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    if (failure === "checking") return <LoadingState text="Loading..." minHeight={200} />;
    return <LoadFailure failure={failure} onRetry={this.retry} />;
  }
}

function LoadFailure({ failure, onRetry }: { failure: Exclude<Failure, "checking">; onRetry: () => void }) {
  const reload = () => window.location.reload();
  if (failure === "offline") {
    return (
      <Alert color="yellow" title="You're offline" maw={640}>
        <Text size="sm" mb="sm">
          This page could not be loaded. It opens by itself when you are back online.
        </Text>
        <Button size="xs" onClick={onRetry}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (failure === "new-version") {
    return (
      <Alert color="blue" title="A new version is available" maw={640}>
        <Text size="sm" mb="sm">
          {`${PRODUCT_NAME} has been updated since this tab was opened: reload to open this page in the new version.`}
        </Text>
        <Button size="xs" onClick={reload}>
          Reload
        </Button>
      </Alert>
    );
  }
  return (
    <Alert color="red" title="This page could not be shown" maw={640}>
      <Text size="sm" mb="sm">
        Something went wrong while showing it. Reloading usually helps.
      </Text>
      <Button size="xs" onClick={reload}>
        Reload
      </Button>
    </Alert>
  );
}

/**
 * Around a page (and around the shell): a page that fails to load or to render shows why in its place,
 * never a blank window, and the header and navigation around it keep working.
 */
export function PageLoadBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
