import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  // The app sees only these variables (import.meta.env): the server and the public app key.
  // HYBRIDGE_DEPLOY_TOKEN (for the hybridge command) and the Test Mode key (HYBRIDGE_DATABASE_KEY,
  // which the app never needs) never enter the app's code, in development or in a build.
  envPrefix: ["VITE_", "HYBRIDGE_SERVER", "HYBRIDGE_APP_KEY"],
});
