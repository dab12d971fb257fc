import { CONTACT_EMAIL, PRODUCT_NAME, paths } from "@hybridge/shared/common/paths";
import { LayoutDashboard, Mail } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { LogoMark } from "@/components/ui/logo";
import { useSession } from "@/features/auth/api/use-session";
import { FeedbackButton } from "@/features/feedback/components/feedback-button";
import { cn } from "@/lib/cn";
import { useStaticPage } from "@/lib/static-page";
import { useSiteTexts } from "./use-site-texts";

const iconLinkClasses =
  "inline-flex h-9 items-center gap-2 rounded-lg px-2.5 font-medium text-slate-600 text-sm transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * The bar at the top of every page, in the page's language. It fits a 360 px screen: below `sm`
 * Contact, Feedback and Console show their icons only (their names stay for screen readers).
 *
 * While the session loads — in the pre-rendered HTML, and in the browser until /api/session
 * answers — it holds the signed-out "Sign In" link, transparent for its first 1.5 s: a visitor
 * without JavaScript can sign in, and a signed-in visitor, whose session usually arrives sooner,
 * gets "Console" without "Sign In" flashing first (docs/decisions/005-prerendering.md). On a
 * pre-rendered public page the signed-in links are a `<template>` that the page's plain script
 * puts in its place once /api/session names a user (src/public/session-links.ts).
 */
export function TopBar() {
  const isStatic = useStaticPage();
  const session = useSession();
  const user = session.data?.user;
  const texts = useSiteTexts().texts.topBar;

  return (
    <header className="sticky top-0 z-40 border-slate-200/80 border-b bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:gap-4 sm:px-6 lg:px-8">
        <Link
          to={paths.landing}
          className="flex min-w-0 items-center gap-2.5 rounded-lg font-bold text-lg text-slate-900 tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <LogoMark />
          <span>{PRODUCT_NAME}</span>
        </Link>

        <nav aria-label={texts.navLabel} className="flex shrink-0 items-center gap-1 sm:gap-2">
          <a href={`mailto:${CONTACT_EMAIL}`} className={iconLinkClasses}>
            <Mail aria-hidden="true" className="size-4.5" />
            <span className="sr-only sm:not-sr-only">{texts.contactUs}</span>
          </a>
          {user ? (
            <SignedInLinks email={user.email} />
          ) : (
            <Button
              asChild
              size="sm"
              className={cn(session.isPending && "animate-[fade-in_200ms_ease-out_1500ms_both]")}
            >
              <Link to={paths.login} data-session-signed-out="">
                {texts.signIn}
              </Link>
            </Button>
          )}
          {isStatic && (
            <template data-session-signed-in="">
              <SignedInLinks email="" />
            </template>
          )}
        </nav>
      </div>
    </header>
  );
}

/** Feedback, Console and the account link; pre-rendered with no e-mail (`data-account`). */
function SignedInLinks({ email }: { email: string }) {
  const texts = useSiteTexts().texts.topBar;
  return (
    <>
      <FeedbackButton label={texts.feedback} />
      <Button asChild size="sm" className="size-9 px-0 sm:h-8 sm:w-auto sm:px-3">
        <Link to={paths.home}>
          <LayoutDashboard aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">{texts.console}</span>
        </Link>
      </Button>
      <Link
        to={paths.leave}
        title={email || undefined}
        data-account=""
        className="ml-1 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800 text-sm uppercase ring-1 ring-brand-200 transition-colors hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true" data-account-initial="">
          {email.charAt(0)}
        </span>
        <span className="sr-only">{texts.account}</span>
      </Link>
    </>
  );
}
