import { Cookie } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useStaticPage } from "@/lib/static-page";
import { useSiteTexts } from "./use-site-texts";

export const COOKIE_CONSENT_KEY = "hybridge.cookie-consent";
const COOKIE_BANNER_DELAY_MS = 3000;

function hasConsent(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY) === "accepted";
  } catch {
    return false; // storage blocked: ask again
  }
}

function storeConsent() {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, "accepted");
  } catch {
    // Storage blocked: the banner simply comes back next time.
  }
}

/**
 * Appears 3 s after the app loads unless consent was given before; in the page's language. On a
 * pre-rendered public page it is a `<template>` that the page's plain script shows on the same
 * terms (src/public/cookie-banner.ts): same key, same delay.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);
  const isStatic = useStaticPage();

  useEffect(() => {
    if (hasConsent()) return;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (isStatic) {
    return (
      <template data-cookie-banner={COOKIE_BANNER_DELAY_MS} data-cookie-key={COOKIE_CONSENT_KEY}>
        <CookieBannerView />
      </template>
    );
  }
  if (!visible) return null;
  return (
    <CookieBannerView
      onAccept={() => {
        storeConsent();
        setVisible(false);
      }}
    />
  );
}

/** The banner; without `onAccept` (pre-rendered), its button is the plain script's. */
function CookieBannerView({ onAccept }: { onAccept?: () => void }) {
  const { cookies: texts } = useSiteTexts().texts;
  return (
    <section
      // biome-ignore lint/a11y/noRedundantRoles: the UI contract names the role explicitly
      role="region"
      aria-label={texts.label}
      data-cookie-region=""
      className="fixed inset-x-4 bottom-4 z-40 rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl shadow-slate-900/15 motion-safe:animate-slide-up sm:right-auto sm:max-w-sm"
    >
      <div className="flex gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Cookie aria-hidden="true" className="size-5" />
        </span>
        <div className="space-y-1">
          <p className="font-semibold text-slate-900 text-sm">{texts.title}</p>
          <p className="text-slate-600 text-sm leading-relaxed">{texts.text}</p>
        </div>
      </div>
      <div className="mt-4 flex justify-end">
        <Button size="sm" data-cookie-accept="" onClick={onAccept}>
          {texts.accept}
        </Button>
      </div>
    </section>
  );
}
