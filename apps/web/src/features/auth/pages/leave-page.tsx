import type { SessionUser } from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { ChevronRight, KeyRound, LogOut, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/spinner";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage } from "@/lib/api-client";
import { useSession } from "../api/use-session";
import { useSignOut } from "../api/use-sign-out";
import { DeleteAccountDialog } from "../components/delete-account-dialog";
import { SignInCard } from "../components/sign-in-card";

export function LeavePage() {
  const session = useSession();
  const user = session.data?.user;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      {user ? (
        <AccountSettings user={user} />
      ) : session.isPending ? (
        <LoadingState />
      ) : (
        <>
          <PageHeader title={AuthTexts.accountTitle} />
          <SignInCard text={AuthTexts.loginPrompt} />
        </>
      )}
    </div>
  );
}

function AccountSettings({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();

  const logOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(AuthTexts.logoutDone);
        navigate(paths.landing);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <>
      <PageHeader
        title={AuthTexts.accountTitle}
        description={
          <>
            {AuthTexts.signedInAs} <span className="font-medium text-slate-900">{user.email}</span>
          </>
        }
      />
      <div className="mt-8 space-y-6">
        <Section title={AuthTexts.securityTitle} description={AuthTexts.securityLead}>
          <Link
            to={paths.changePassword}
            className="group flex items-center gap-4 rounded-xl px-6 py-4 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:-outline-offset-2"
          >
            <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <KeyRound aria-hidden="true" className="size-5" />
            </span>
            <span className="flex-1 font-medium text-slate-900">{AuthTexts.changePassword}</span>
            <ChevronRight
              aria-hidden="true"
              className="size-5 text-slate-400 transition-transform group-hover:translate-x-0.5"
            />
          </Link>
        </Section>

        <Section title={AuthTexts.sessionTitle} description={AuthTexts.sessionLead}>
          <div className="px-6 py-4">
            <Button variant="secondary" loading={signOut.isPending} onClick={logOut}>
              <LogOut aria-hidden="true" className="size-4" />
              {AuthTexts.logOut}
            </Button>
          </div>
        </Section>

        <Section title={AuthTexts.dangerTitle} description={AuthTexts.dangerLead} tone="danger">
          <div className="flex flex-col gap-4 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex gap-2 text-slate-600 text-sm">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
              {AuthTexts.cannotBeUndone}
            </p>
            <DeleteAccountDialog />
          </div>
        </Section>
      </div>
      <p className="mt-8 text-slate-500 text-sm">
        {UiTexts.backTo} <TextLink to={paths.home}>{UiTexts.yourProjects}</TextLink>
      </p>
    </>
  );
}

function Section({
  title,
  description,
  tone = "default",
  children,
}: {
  title: string;
  description: string;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  return (
    <Card className={tone === "danger" ? "border-red-200" : undefined}>
      <div className="border-slate-100 border-b px-6 py-4">
        <h2
          className={
            tone === "danger" ? "font-semibold text-red-700" : "font-semibold text-slate-900"
          }
        >
          {title}
        </h2>
        <p className="mt-0.5 text-slate-500 text-sm">{description}</p>
      </div>
      {children}
    </Card>
  );
}
