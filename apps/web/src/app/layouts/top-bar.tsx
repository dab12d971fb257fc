import { CONTACT_EMAIL, PRODUCT_NAME, paths } from "@hybridge/shared/common/paths";
import { LayoutDashboard, Mail } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { LogoMark } from "../../components/ui/logo";
import { useSession } from "../../features/auth/api/use-session";
import { FeedbackDialog } from "../../features/feedback/components/feedback-dialog";

const iconLinkClasses =
  "inline-flex h-9 items-center gap-2 rounded-lg px-2.5 font-medium text-slate-600 text-sm transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export function TopBar() {
  const session = useSession();
  const user = session.data?.user;

  return (
    <header className="sticky top-0 z-40 border-slate-200/80 border-b bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={paths.landing}
          className="flex items-center gap-2.5 rounded-lg font-bold text-lg text-slate-900 tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <LogoMark />
          <span>{PRODUCT_NAME}</span>
        </Link>

        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <a href={`mailto:${CONTACT_EMAIL}`} className={iconLinkClasses}>
            <Mail aria-hidden="true" className="size-4.5" />
            <span className="sr-only sm:not-sr-only">Contact us</span>
          </a>
          {session.isPending ? (
            <span aria-hidden="true" className="h-8 w-20 animate-pulse rounded-lg bg-slate-100" />
          ) : user ? (
            <>
              <FeedbackDialog />
              <Button asChild size="sm">
                <Link to={paths.home}>
                  <LayoutDashboard aria-hidden="true" className="size-4" />
                  Console
                </Link>
              </Button>
              <Link
                to={paths.leave}
                title={user.email}
                className="ml-1 flex size-9 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800 text-sm uppercase ring-1 ring-brand-200 transition-colors hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span aria-hidden="true">{user.email.charAt(0)}</span>
                <span className="sr-only">Account</span>
              </Link>
            </>
          ) : (
            <Button asChild size="sm">
              <Link to={paths.login}>Sign In</Link>
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}
