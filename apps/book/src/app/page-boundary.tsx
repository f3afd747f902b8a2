import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A page's code failed to load: offline, or a new deploy replaced the files this page was built with. */
function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const offline = !navigator.onLine;
  return (
    <section className="notice" role="alert">
      <p>{offline ? t("app.offline") : `${t("app.chunkFailed")} ${t("app.newVersion")}`}</p>
      <button type="button" onClick={offline ? onRetry : () => window.location.reload()}>
        {offline ? t("app.retry") : t("app.reload")}
      </button>
    </section>
  );
}

/**
 * Catches a lazily loaded page that failed to arrive and offers the way back in place; once the browser is
 * online again it retries by itself.
 */
export class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  private readonly retry = () => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }));
  override componentDidMount() {
    window.addEventListener("online", this.onOnline);
  }
  override componentWillUnmount() {
    window.removeEventListener("online", this.onOnline);
  }
  private readonly onOnline = () => {
    if (this.state.failed) this.retry();
  };
  override render() {
    if (this.state.failed) return <PageLoadFailed onRetry={this.retry} />;
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}
