import { type ReactNode, Suspense, useState } from "react";
import {
  unstable_HistoryRouter as HistoryRouter,
  matchPath,
  Navigate,
  Route,
  Routes,
  useLocation,
  useParams,
} from "react-router";
import { LoadingState } from "../components/loading-state";
import { type FeatureRoute, type LazyPage, lazyPage, openScreen } from "../lib/feature";
import { paths } from "../lib/paths";
import { session } from "../lib/session";
import { features } from "./features";
import { RouteGuard } from "./guard";
import { RoutePreloader } from "./layout/route-preloader";
import { PageLoadBoundary } from "./page-load-boundary";
import { UnauthorizedRedirect } from "./unauthorized-redirect";
import { UnsavedChangesGuard } from "./unsaved-changes-guard";
import { unsavedChangesHistory } from "./unsaved-changes-history";

/** While a lazily loaded page is loading, "Loading..." is shown. */
function PageLoading() {
  return <LoadingState text="Loading..." minHeight={200} />;
}

// The signed-in shell (header menus, sidebar, side panel) is a chunk of its own: /login never loads it.
const Layout = lazyPage(() => import("./layout/layout").then((module) => ({ default: module.Layout })));
// A mistyped address is rare: its page loads when it is needed, not with every page.
const NotFoundPage = lazyPage(() =>
  import("./not-found-page").then((module) => ({ default: module.NotFoundPage })),
);

const routes = features.flatMap((feature) => feature.routes);

/**
 * Starts the download of what the first screen needs as soon as the app's code runs, before the first
 * render and the guard's check: the page's chunk, and for a signed-in page the shell's beside it (not one
 * after the other), then the page's first requests. Signed-in chunks only when a session is stored (else
 * the guard sends the visitor to /login). Called once by main.tsx.
 */
export function preloadScreen({ pathname, search }: Pick<Location, "pathname" | "search">) {
  const route = routes.find((candidate) => matchPath(candidate.path, pathname));
  const match = route && matchPath(route.path, pathname);
  if (!route || !match) return;
  try {
    if (!route.public && !session.getToken()) return;
  } catch {
    return; // no storage: the guard decides, and the page loads when it renders
  }
  if (!route.public) preload(Layout);
  openScreen(route.page, { pathname, search: new URLSearchParams(search), params: match.params });
}

/** A failed download shows when the page renders (React.lazy tries again then), not here. */
// biome-ignore lint/suspicious/noExplicitAny: the shell or a page
const preload = (page: LazyPage<any>) => void page.preload().catch(() => undefined);

/** A signed-in page in the shell; its chunk and first requests start beside the shell's, not after it. */
function SignedInPage({ route }: { route: FeatureRoute }) {
  return (
    <>
      <ScreenOpener page={route.page} />
      {inShell(page(route))}
    </>
  );
}

/**
 * Opens the screen at each new address, as it renders and so before the page does. A component of its
 * own: following the address, it alone renders again as a list's search is typed, not the shell.
 */
function ScreenOpener({ page }: { page: LazyPage }) {
  const { pathname, search } = useLocation();
  openScreen(page, { pathname, search: new URLSearchParams(search), params: useParams() });
  return null;
}

/** The shell around a page; a shell that cannot load says why in its place (then without the shell). */
const inShell = (content: ReactNode) => (
  <PageLoadBoundary>
    <Suspense fallback={<PageLoading />}>
      <Layout>{content}</Layout>
    </Suspense>
  </PageLoadBoundary>
);

/** A page that cannot load or render says why in its place, inside the shell for a signed-in page. */
const page = (route: { page: LazyPage }) => (
  <PageLoadBoundary>
    <Suspense fallback={<PageLoading />}>
      <route.page />
    </Suspense>
  </PageLoadBoundary>
);

export function AppRouter() {
  // Made once, on first render: it starts following the address bar when the router listens to it.
  const [history] = useState(() => unsavedChangesHistory());
  return (
    <HistoryRouter history={history}>
      <UnauthorizedRedirect />
      <RoutePreloader />
      <UnsavedChangesGuard history={history} />
      <RouteGuard>
        <Routes>
          <Route path={paths.root} element={<Navigate to={paths.login} replace />} />
          {routes
            .filter((route) => route.public)
            .map((route) => (
              <Route key={route.path} path={route.path} element={page(route)} />
            ))}
          {routes
            .filter((route) => !route.public)
            .map((route) => (
              <Route key={route.path} path={route.path} element={<SignedInPage route={route} />} />
            ))}
          <Route path="*" element={inShell(page({ page: NotFoundPage }))} />
        </Routes>
      </RouteGuard>
    </HistoryRouter>
  );
}
