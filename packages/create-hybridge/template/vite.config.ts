import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  // The app sees these .env variables (import.meta.env); HYBRIDGE_DEPLOY_TOKEN stays out of it.
  envPrefix: ["VITE_", "HYBRIDGE_SERVER", "HYBRIDGE_APP_KEY", "HYBRIDGE_DATABASE_KEY"],
});
