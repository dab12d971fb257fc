import { paths } from "@hybridge/shared/common/paths";
import { Navigate, Outlet } from "react-router";
import { LoadingState } from "@/components/ui/spinner";
import { useSession } from "../api/use-session";
import { SessionError } from "./session-error";

/** Routes behind the login guard: a spinner while the session loads, else /login or the page. */
export function RequireAuth() {
  const session = useSession();
  if (session.data) {
    return session.data.user ? <Outlet /> : <Navigate to={paths.login} replace />;
  }
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />;
  return <LoadingState />;
}
