import { AuthTexts } from "@hybridge/shared/auth/texts";
import { paths } from "@hybridge/shared/common/paths";
import { LogIn } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** What a signed-out visitor sees instead of a form: why, and the way to the sign-in page. */
export function LoginPrompt({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 border-dashed bg-slate-50/60 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-slate-700 text-sm">{text}</p>
      <Button asChild size="sm">
        <Link to={paths.login}>
          <LogIn aria-hidden="true" className="size-4" />
          {AuthTexts.signIn}
        </Link>
      </Button>
    </div>
  );
}
