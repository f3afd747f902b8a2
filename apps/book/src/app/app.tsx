import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter, Link, Route, Routes } from "react-router";
import DirectoryPage from "@/features/directory/directory-page";
import { servedMarkup } from "@/lib/served-page";
import { Layout } from "./layout";
import { PageBoundary } from "./page-boundary";

// The directory is where most visits start: it comes with the first download; the rest on demand.
const ConsultantPage = lazy(() => import("@/features/consultant/consultant-page"));
const SignInPage = lazy(() => import("@/features/account/sign-in-page"));
const SignUpPage = lazy(() => import("@/features/account/sign-up-page"));
const VerifyEmailPage = lazy(() => import("@/features/account/verify-email-page"));
const ForgotPasswordPage = lazy(() => import("@/features/account/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("@/features/account/reset-password-page"));
const MyAppointmentsPage = lazy(() => import("@/features/booking/my-appointments-page"));
const ProfilePage = lazy(() => import("@/features/profile/profile-page"));

/** The router's base is the site's base path (import.meta.env.BASE_URL, "/book/" by default). */
const basename = import.meta.env.BASE_URL.replace(/\/$/, "");

export function App() {
  return (
    <BrowserRouter basename={basename}>
      <Layout>
        <PageBoundary>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              <Route path="/" element={<DirectoryPage />} />
              <Route path="/consultants/:guidId" element={<ConsultantPage />} />
              <Route path="/sign-in" element={<SignInPage />} />
              <Route path="/sign-up" element={<SignUpPage />} />
              <Route path="/verify-email" element={<VerifyEmailPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path="/appointments" element={<MyAppointmentsPage />} />
              <Route path="/account" element={<ProfilePage />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        </PageBoundary>
      </Layout>
    </BrowserRouter>
  );
}

/** While a page's chunk loads: a skeleton, or on a page the server painted, that paint, so nothing changes. */
function PageLoading() {
  const served = servedMarkup();
  if (served) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's paint of this very page, escaped there
    return <div className="served-paint" dangerouslySetInnerHTML={{ __html: served }} />;
  }
  return <div className="skeleton skeleton-page" aria-hidden="true" />;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="notice">
      <h1>{t("app.notFound")}</h1>
      <Link to="/">{t("app.backHome")}</Link>
    </section>
  );
}
