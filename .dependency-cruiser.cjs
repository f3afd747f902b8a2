/**
 * The import boundaries of the architecture, checked on every lint (`npm run lint`) and proven by
 * scripts/check-boundaries.test.ts against a fixture that breaks one of them:
 *   web: a feature never imports another feature or app/; components/ and lib/ never import features or app/.
 *   api: a module never imports another module's routes or repository (only its service's exports).
 *   both: no import cycle.
 * Paths are matched from any root so the fixture's src/ obeys the same rules as the apps'.
 */
module.exports = {
  forbidden: [
    {
      name: "feature-to-feature",
      comment: "A web feature imports another feature: share it through components/ or lib/ instead.",
      severity: "error",
      from: { path: "(^|/)src/features/([^/]+)/" },
      to: { path: "(^|/)src/features/([^/]+)/", pathNot: "(^|/)src/features/$2/" },
    },
    {
      name: "feature-to-app",
      comment: "A web feature imports app/ (the shell and router import features, not the other way).",
      severity: "error",
      from: { path: "(^|/)src/features/" },
      to: { path: "(^|/)src/app/" },
    },
    {
      name: "shared-to-feature-or-app",
      comment: "components/ and lib/ are shared by every feature: they import neither features nor app/.",
      severity: "error",
      from: { path: "(^|/)src/(components|lib)/" },
      to: { path: "(^|/)src/(features|app)/" },
    },
    {
      name: "module-internals",
      comment: "An API module reaches into another module's routes or repository: call its service instead.",
      severity: "error",
      // A test may pin another module's query directly (the header search's tests read each kind's
      // repository); what runs in the server goes through services.
      from: { path: "(^|/)src/modules/([^/]+)/", pathNot: "\\.test\\.ts$" },
      to: {
        // Any data-access or routes file of it: repository.ts, list-repository.ts, mfa/routes.ts...
        path: "(^|/)src/modules/[^/]+/[^.]*(routes|repository)\\.ts$",
        pathNot: "(^|/)src/modules/$2/",
      },
    },
    {
      name: "no-import-cycle",
      comment:
        "Two files import each other (directly or around a loop): move what both need into a third file.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    // The web app's `@/` alias; the API's `#api/` and `#test/` are package imports, resolved without help.
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
  },
};
