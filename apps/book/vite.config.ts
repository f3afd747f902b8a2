import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { serviceWorker } from "./service-worker/plugin";

const api = process.env.VITE_DEV_API ?? "http://localhost:8080";

/**
 * The customer site. Served by the API server under CUSTOMER_SITE_BASE (default /book); built with another
 * base it runs on a host of its own in front of the same API.
 */
const base = `${(process.env.CUSTOMER_SITE_BASE ?? "/book").replace(/\/$/, "")}/`;

export default defineConfig({
  base,
  plugins: [
    react(),
    serviceWorker(base),
    // A .br and a .gz beside every script and stylesheet, sent as they are by the server.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|mjs|css|svg|json|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  resolve: { alias: [{ find: /^@\//, replacement: `${path.resolve(import.meta.dirname, "src")}/` }] },
  server: { proxy: { "/api": api, "/files": api } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: the server preloads a profile page's own chunk with the page.
    manifest: true,
  },
});
