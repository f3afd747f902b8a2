import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { LoadingState } from "../components/list-table";
import type { FeatureRoute } from "../lib/feature";
import { paths } from "../lib/paths";
import { features } from "./features";
import { RouteGuard } from "./guard";
import { RoutePreloader } from "./layout/route-preloader";
import { NotFoundPage } from "./not-found-page";
import { UnauthorizedRedirect } from "./unauthorized-redirect";

/** Spec section 2: while a lazily loaded page is loading, "Loading..." is shown. */
function PageLoading() {
  return <LoadingState text="Loading..." minHeight={200} />;
}

// The signed-in shell (header menus, sidebar, side panel) is a chunk of its own: /login never loads it.
const Layout = lazy(() => import("./layout/layout").then((module) => ({ default: module.Layout })));

const page = (route: FeatureRoute) => (
  <Suspense fallback={<PageLoading />}>
    <route.page />
  </Suspense>
);

export function AppRouter() {
  const routes = features.flatMap((feature) => feature.routes);
  return (
    <BrowserRouter>
      <UnauthorizedRedirect />
      <RoutePreloader />
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
              <Route
                key={route.path}
                path={route.path}
                element={
                  <Suspense fallback={<PageLoading />}>
                    <Layout>{page(route)}</Layout>
                  </Suspense>
                }
              />
            ))}
          <Route
            path="*"
            element={
              <Suspense fallback={<PageLoading />}>
                <Layout>
                  <NotFoundPage />
                </Layout>
              </Suspense>
            }
          />
        </Routes>
      </RouteGuard>
    </BrowserRouter>
  );
}
