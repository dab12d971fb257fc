import { configure } from "@hybridge/app";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import "./styles.css";

// The server and the database key, from .env (vite.config.ts lists the names the app may see).
configure({
  server: import.meta.env.HYBRIDGE_SERVER,
  key: import.meta.env.HYBRIDGE_DATABASE_KEY,
});

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
