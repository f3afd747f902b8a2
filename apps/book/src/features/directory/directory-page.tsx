import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Iso } from "@/components/iso";
import { currentLanguage } from "@/i18n/i18n";
import { formatNumber } from "@/lib/format";
import { usePageTitle } from "@/lib/page-title";
import { ConsultantCard } from "./consultant-card";
import { DirectoryFilterFields } from "./directory-filters";
import { type DirectoryFilters, filtersOf } from "./directory-query";
import { useDirectory } from "./use-directory";
import "./directory.css";

/** How long typing may pause before the search runs: a request per word, not per letter. */
const SEARCH_PAUSE_MS = 300;

/** /: the directory of approved consultants, searched as one types, filtered and ordered, page by page. */
export default function DirectoryPage() {
  const { t } = useTranslation();
  usePageTitle(t("directory.title"));
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [typed, setTyped] = useState(filters.search);
  const { state, more, retry } = useDirectory(filters);

  const change = (changes: Partial<DirectoryFilters>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === "" || (name === "sort" && value === "recommended")) next.delete(name);
      else next.set(name, String(value));
    }
    // Typing replaces the entry; a filter picked is a step Back can undo.
    setParams(next, { replace: "search" in changes });
  };

  // The search follows the typing after a pause; a search from the address (Back) fills the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts the timer
  useEffect(() => {
    if (typed === filters.search) return;
    const timer = setTimeout(() => change({ search: typed }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => setTyped(filters.search), [filters.search]);

  return (
    <div className="directory">
      {params.get("erased") === "1" ? (
        <p className="notice" role="status">
          {t("app.erased")}
        </p>
      ) : null}
      <h1>{t("directory.title")}</h1>
      <p className="muted">{t("directory.intro")}</p>
      <search className="search">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            change({ search: typed });
          }}
        >
          <label htmlFor="directory-search">{t("directory.search")}</label>
          <input
            id="directory-search"
            type="search"
            value={typed}
            maxLength={100}
            placeholder={t("directory.searchHint")}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => setTyped(event.target.value)}
          />
        </form>
      </search>
      <DirectoryFilterFields filters={filters} onChange={change} />
      <section aria-labelledby="results-title" aria-busy={state.status === "loading"}>
        <h2 id="results-title" className="visually-hidden">
          {t("directory.results")}
        </h2>
        <DirectoryResults state={state} onMore={more} onRetry={retry} />
      </section>
    </div>
  );
}

function DirectoryResults({
  state,
  onMore,
  onRetry,
}: {
  state: ReturnType<typeof useDirectory>["state"];
  onMore: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (state.status === "loading") {
    return (
      <>
        <p className="visually-hidden" role="status">
          {t("directory.loading")}
        </p>
        <ul className="results" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <li key={index} className="skeleton skeleton-card" />
          ))}
        </ul>
      </>
    );
  }
  if (state.status === "failed") {
    return (
      <div className="notice" role="alert">
        <p>
          {state.offline
            ? t("app.offline")
            : state.message
              ? t("directory.invalidFilter", { message: state.message })
              : t("directory.failed")}
        </p>
        <button type="button" onClick={onRetry}>
          {t("app.retry")}
        </button>
      </div>
    );
  }
  if (state.items.length === 0) {
    return (
      <p className="notice" role="status">
        {t("directory.empty")}
      </p>
    );
  }
  return (
    <>
      {state.count ? <ResultCount {...state.count} /> : null}
      <ul className="results">
        {state.items.map((consultant) => (
          <li key={consultant.guidId}>
            <ConsultantCard consultant={consultant} />
          </li>
        ))}
      </ul>
      {state.nextCursor ? (
        <button type="button" className="more" onClick={onMore} disabled={state.loadingMore}>
          {state.loadingMore ? t("directory.loadingMore") : t("directory.loadMore")}
        </button>
      ) : (
        <p className="muted end">{t("directory.end")}</p>
      )}
    </>
  );
}

/** "About 1,240 consultants" (an estimate says so) or "3 consultants", the number isolated in either script. */
function ResultCount({ total, estimate }: { total: number; estimate: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="muted result-count" role="status">
      <Trans
        t={t}
        i18nKey={estimate ? "directory.countAbout" : "directory.count"}
        count={total}
        values={{ number: formatNumber(total, currentLanguage()) }}
        components={{ n: <Iso>{null}</Iso> }}
      />
    </p>
  );
}
