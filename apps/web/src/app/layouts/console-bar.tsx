import { AuthTexts } from "@hybridge/shared/auth/texts";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { PRODUCT_NAME, paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { CommunityTexts } from "@hybridge/shared/community/texts";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { StoreTexts } from "@hybridge/shared/store/texts";
import {
  ChevronDown,
  Hammer,
  LifeBuoy,
  MessageSquare,
  Plus,
  Store,
  UserRound,
  Users,
} from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link, NavLink } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { LogoMark } from "@/components/ui/logo";
import { TruncatedText } from "@/components/ui/long-text";
import { useSession } from "@/features/auth/api/use-session";
import { cn } from "@/lib/cn";

const itemClasses =
  "flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-slate-700 text-sm outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900";

/** Spec section 2, Home: the user dropdown. */
const MENU = [
  { label: UiTexts.support, to: paths.docs, icon: LifeBuoy },
  { label: FeedbackTexts.title, to: paths.feedback, icon: MessageSquare },
  { label: UiTexts.account, to: paths.leave, icon: UserRound },
] as const;

/** Admins' own page, which nothing else links to. */
const ADMIN_MENU = [
  { label: CommunityTexts.earlyAdoptersTitle, to: paths.dash, icon: Users },
] as const;

/** The console's other pages (labels hidden on small screens, kept for screen readers). */
const LINKS = [
  { label: BuildsTexts.historyTitle, to: paths.build, icon: Hammer },
  { label: StoreTexts.storeTitle, to: paths.store, icon: Store },
] as const;

/**
 * The console's one top bar (spec section 2, Home): logo to /home, Builds, Module store,
 * '+ App' and the user menu. A signed-out visitor of an unguarded console page gets Sign In
 * instead. It fits a 360 px screen: below `sm` the links show their icons only.
 */
export function ConsoleBar() {
  const session = useSession();
  const user = session.data?.user;

  return (
    <header className="sticky top-0 z-40 border-slate-200/80 border-b bg-white/90 backdrop-blur-md supports-[backdrop-filter]:bg-white/75">
      <nav
        aria-label={UiTexts.consoleLabel}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6 lg:px-8"
      >
        <Link
          to={paths.home}
          className="flex min-w-0 items-center gap-2 rounded-lg font-bold text-slate-900 tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <LogoMark />
          <span className="truncate">
            <span className="sr-only sm:not-sr-only">{PRODUCT_NAME} </span>
            <span className="font-semibold text-brand-700">{UiTexts.consoleLabel}</span>
          </span>
        </Link>

        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {session.isPending ? (
            <span aria-hidden="true" className="h-8 w-32 animate-pulse rounded-lg bg-slate-100" />
          ) : user ? (
            <>
              {LINKS.map(({ label, to, icon: Icon }) => (
                <NavLink
                  key={label}
                  to={to}
                  end={false}
                  className={({ isActive }) =>
                    cn(
                      buttonClasses("ghost", "sm"),
                      "px-2.5 sm:px-3",
                      isActive && "bg-brand-50 text-brand-800 hover:bg-brand-100",
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                  <span className="sr-only md:not-sr-only">{label}</span>
                </NavLink>
              ))}
              <Button asChild size="sm" className="px-2.5 sm:px-3">
                <Link to={paths.newProject}>
                  <Plus aria-hidden="true" className="size-4 sm:hidden" />
                  <span className="max-sm:sr-only">{ProjectsTexts.addApp}</span>
                </Link>
              </Button>
              <UserMenu email={user.email} isAdmin={user.isAdmin} />
            </>
          ) : (
            <Button asChild size="sm">
              <Link to={paths.login}>{AuthTexts.signIn}</Link>
            </Button>
          )}
        </div>
      </nav>
    </header>
  );
}

function UserMenu({ email, isAdmin }: { email: string; isAdmin: boolean }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="ml-0.5 flex h-9 items-center gap-1 rounded-full py-1 pr-1.5 pl-1 text-slate-600 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100"
        >
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800 text-sm uppercase ring-1 ring-brand-200"
          >
            {email.charAt(0)}
          </span>
          <span className="sr-only">{UiTexts.userMenu}</span>
          <ChevronDown aria-hidden="true" className="size-4" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-52 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg shadow-slate-900/10 motion-safe:animate-fade-in"
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-slate-500 text-xs">
            <TruncatedText text={email} />
          </DropdownMenu.Label>
          {[...MENU, ...(isAdmin ? ADMIN_MENU : [])].map(({ label, to, icon: Icon }) => (
            <DropdownMenu.Item key={label} asChild className={itemClasses}>
              <Link to={to}>
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
