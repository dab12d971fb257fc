import { createContext, useContext } from "react";

/**
 * True while the build pre-renders a public page (entry-server.tsx). Those pages ship without
 * React (docs/decisions/025-public-pages-without-hydration.md): what React would do on them after
 * load — the cookie banner, the signed-in top bar, copy buttons — the public pages' plain script
 * (src/public/) does instead, from markup that the few components reading this flag write for it
 * (`<template>`s, data attributes).
 */
export const StaticPageContext = createContext(false);

export function useStaticPage(): boolean {
  return useContext(StaticPageContext);
}
