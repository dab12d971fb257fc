import { CONTACT_EMAIL, paths } from "@hybridge/shared/common/paths";
import { ArrowRight, BookOpen, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { textLinkClasses } from "@/components/ui/text-link";
import { welcomeContent as content, welcomeMeta } from "../content/en/welcome";
import { usePageMeta } from "../hooks/use-page-meta";

const stepLinks = [
  { to: paths.signup, icon: UserPlus },
  { to: paths.docs, icon: BookOpen },
] as const;

/** Where our e-mails' links land (spec section 2): what to do next. */
export function WelcomePage() {
  usePageMeta(welcomeMeta);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-14 sm:px-6 sm:py-20">
      <header className="text-center">
        <h1 className="font-extrabold text-4xl text-slate-900 tracking-tight sm:text-5xl">
          {content.title}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 leading-relaxed">
          {content.lead}
        </p>
      </header>
      <ol className="mt-12 grid gap-6 md:grid-cols-2">
        {content.steps.map((step, index) => {
          const link = stepLinks[index];
          if (!link) return null;
          const Icon = link.icon;
          return (
            <li
              key={step.title}
              className="flex flex-col rounded-2xl border border-slate-200/80 bg-white p-7 shadow-slate-900/5 shadow-sm"
            >
              <div className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h2 className="font-semibold text-lg text-slate-900">
                  <span className="text-brand-700">{index + 1}.</span> {step.title}
                </h2>
              </div>
              <p className="mt-4 flex-1 text-slate-600 leading-relaxed">{step.text}</p>
              <Button
                asChild
                className="mt-6 self-start"
                variant={index === 0 ? "primary" : "secondary"}
              >
                <Link to={link.to}>
                  {step.cta}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </Button>
            </li>
          );
        })}
      </ol>
      <p className="mt-10 text-center text-slate-600">
        {content.contact}{" "}
        <a href={`mailto:${CONTACT_EMAIL}`} className={textLinkClasses}>
          {CONTACT_EMAIL}
        </a>{" "}
        {content.contactSuffix}
      </p>
    </div>
  );
}
