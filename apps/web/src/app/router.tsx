import { Center, Loader, Text } from "@mantine/core";
import { Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import type { FeatureRoute } from "../lib/feature";
import { features } from "./features";
import { RouteGuard } from "./guard";
import { Layout } from "./layout/layout";
import { RoutePreloader } from "./layout/route-preloader";
import { UnauthorizedRedirect } from "./unauthorized-redirect";

/** Spec section 2: while a lazily loaded page is loading, "Loading..." is shown. */
function PageLoading() {
  return (
    <Center mih={200} role="status">
      <Loader size="sm" mr="sm" />
      <Text>Loading...</Text>
    </Center>
  );
}

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
          <Route path="/" element={<Navigate to="/login" replace />} />
          {routes
            .filter((route) => route.public)
            .map((route) => (
              <Route key={route.path} path={route.path} element={page(route)} />
            ))}
          {routes
            .filter((route) => !route.public)
            .map((route) => (
              <Route key={route.path} path={route.path} element={<Layout>{page(route)}</Layout>} />
            ))}
          <Route path="*" element={<Navigate to="/users" replace />} />
        </Routes>
      </RouteGuard>
    </BrowserRouter>
  );
}
