import { AuthTexts } from "@hybridge/shared/auth/texts";
import { paths } from "@hybridge/shared/common/paths";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** What a signed-out visitor sees on a page that needs an account: why, and Sign In. */
export function SignInCard({ text, announce = false }: { text: string; announce?: boolean }) {
  return (
    <Card className="mt-8 flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
      <p role={announce ? "alert" : undefined} className="text-slate-700">
        {text}
      </p>
      <Button asChild>
        <Link to={paths.login}>{AuthTexts.signIn}</Link>
      </Button>
    </Card>
  );
}
