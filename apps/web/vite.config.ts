import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = process.env.VITE_DEV_API ?? "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
  server: { proxy: { "/api": api, "/files": api } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 500 },
});
