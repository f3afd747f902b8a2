import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const api = process.env.VITE_DEV_API ?? "http://localhost:8080";

/**
 * Vendor libraries every page needs get long-cached chunks of their own, which change only when the
 * library is upgraded: React with its DOM renderer and the router, axios. Everything else is split by
 * route as Vite does by default; the signed-in shell is loaded lazily by the router, so /login never
 * downloads the menus, popovers and drawers of the header. zod has no group on purpose: only the form
 * pages use it, and a group would make it one chunk that every page importing any of it downloads whole.
 */
const vendorChunks = [
  { name: "react", test: /node_modules\/(react|react-dom|scheduler|react-router)\//, priority: 20 },
  { name: "axios", test: /node_modules\/axios\//, priority: 10 },
];

export default defineConfig({
  plugins: [
    react(),
    // A .br and a .gz (both at their best level) beside every script, stylesheet and SVG, sent as they
    // are by the server. index.html is left out: the server fills in its nonce on every answer.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|mjs|css|svg|json|txt)$/,
      threshold: 1024,
    }),
  ],
  server: { proxy: { "/api": api, "/files": api } },
  // The server puts a fresh nonce here in every index.html it sends, and allows styles with it in its CSP.
  html: { cspNonce: "__CSP_NONCE__" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 500,
    rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } },
  },
});
