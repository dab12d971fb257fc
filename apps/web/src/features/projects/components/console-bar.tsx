import { paths } from "@hybridge/shared/common/paths";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { ChevronDown, Hammer, LifeBuoy, MessageSquare, Store, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { LogoMark } from "../../../components/ui/logo";
import { useSession } from "../../auth/api/use-session";

const itemClasses =
  "flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-slate-700 text-sm outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900";

const MENU = [
  { label: "Support", to: paths.docs, icon: LifeBuoy },
  { label: "Feedback", to: paths.feedback, icon: MessageSquare },
  { label: "Account", to: paths.leave, icon: UserRound },
] as const;

/** The console's other pages, beside '+ App' (labels hidden on small screens, kept for readers). */
const LINKS = [
  { label: "Builds", to: paths.build, icon: Hammer },
  { label: "Module store", to: paths.store, icon: Store },
] as const;

/**
 * The console's own bar on My Projects: logo to /home, links to the builds and the store,
 * '+ App', and the user menu.
 */
export function ConsoleBar() {
  const email = useSession().data?.user?.email ?? "";
  return (
    <nav aria-label="Console" className="border-slate-200 border-b bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={paths.home}
          className="flex items-center gap-2 rounded-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <LogoMark className="size-7" />
          <span>Console</span>
        </Link>
        <div className="flex items-center gap-2">
          {LINKS.map(({ label, to, icon: Icon }) => (
            <Button key={label} asChild variant="ghost" size="sm">
              <Link to={to}>
                <Icon aria-hidden="true" className="size-4" />
                <span className="sr-only sm:not-sr-only">{label}</span>
              </Link>
            </Button>
          ))}
          <Button asChild size="sm">
            <Link to={paths.newProject}>{ProjectsTexts.addApp}</Link>
          </Button>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <button
                type="button"
                className="flex h-9 items-center gap-1.5 rounded-full py-1 pr-2 pl-1 text-slate-600 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100"
              >
                <span
                  aria-hidden="true"
                  className="flex size-7 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800 text-sm uppercase ring-1 ring-brand-200"
                >
                  {email.charAt(0)}
                </span>
                <span className="sr-only">User menu</span>
                <ChevronDown aria-hidden="true" className="size-4" />
              </button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={6}
                className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg shadow-slate-900/10 motion-safe:animate-fade-in"
              >
                {email && (
                  <DropdownMenu.Label className="truncate px-2.5 py-1.5 text-slate-500 text-xs">
                    {email}
                  </DropdownMenu.Label>
                )}
                {MENU.map(({ label, to, icon: Icon }) => (
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
        </div>
      </div>
    </nav>
  );
}
