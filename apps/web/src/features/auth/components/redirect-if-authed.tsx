import { paths } from "@hybridge/shared/common/paths";
import { useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingState } from "@/components/ui/spinner";
import { useSession } from "../api/use-session";

/** Login and signup: a user who arrives signed in goes to /home. */
export function RedirectIfAuthed() {
  const { pathname } = useLocation();
  return <SignedOutOnEntry key={pathname} />;
}

/**
 * Decides once, when the page is entered. Signing up on the page itself must not yank the user
 * away: the welcome dialog shows first and its button leads to /home.
 */
function SignedOutOnEntry() {
  const session = useSession();
  const known = session.data !== undefined || session.isError;
  const signedIn = Boolean(session.data?.user);
  const [signedInOnEntry, setSignedInOnEntry] = useState(known ? signedIn : null);
  if (signedInOnEntry === null && known) setSignedInOnEntry(signedIn);

  if (signedInOnEntry === null) return <LoadingState />;
  if (signedInOnEntry) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
