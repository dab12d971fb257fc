import { configure } from "@hybridge/app";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import "./styles.css";

// The server and the app key (public, like the app's name), from .env: the app calls as itself,
// with its signed-in user's token, and reaches what hybridge.rules.json allows.
configure({
  server: import.meta.env.HYBRIDGE_SERVER,
  appKey: import.meta.env.HYBRIDGE_APP_KEY,
});

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
