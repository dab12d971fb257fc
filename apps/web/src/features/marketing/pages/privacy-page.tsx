import { CONTACT_EMAIL } from "@hybridge/shared/common/paths";
import { Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { privacyIntro, privacyMeta, privacySections } from "../content/fr/privacy";
import { usePageMeta } from "../hooks/use-page-meta";
import { scrollToSection } from "../scroll-to-section";

/** The privacy policy, in French (spec section 2). */
export function PrivacyPage() {
  usePageMeta(privacyMeta);
  return (
    <div lang="fr" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
          {privacyIntro.title}
        </h1>
        <p className="mt-2 text-slate-500 text-sm">{privacyIntro.updated}</p>
        <p className="mt-5 text-lg text-slate-600 leading-relaxed">{privacyIntro.lead}</p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={privacyIntro.tocLabel} className="lg:sticky lg:top-24 lg:self-start">
          <p className="font-semibold text-slate-900 text-sm">{privacyIntro.tocLabel}</p>
          <ol className="mt-3 space-y-1 border-slate-200 border-l text-sm">
            {privacySections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  onClick={(event) => scrollToSection(event, section.id)}
                  className="-ml-px block border-transparent border-l py-1 pl-4 text-slate-600 hover:border-slate-400 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 max-w-3xl space-y-12">
          {privacySections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              tabIndex={-1}
              className="scroll-mt-4 focus:outline-none"
            >
              <h2
                id={`${section.id}-title`}
                className="font-bold text-slate-900 text-xl tracking-tight"
              >
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-slate-700 leading-relaxed">
                {section.blocks.map((block) =>
                  block.kind === "text" ? (
                    <p key={block.text}>{block.text}</p>
                  ) : (
                    <ul key={block.items[0]?.text} className="space-y-3">
                      {block.items.map((item) => (
                        <li key={item.text} className="flex gap-3">
                          <span
                            aria-hidden="true"
                            className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-600"
                          />
                          <span>
                            {item.term && (
                              <strong className="font-semibold text-slate-900">
                                {`${item.term}\u00a0: `}
                              </strong>
                            )}
                            {item.text}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ),
                )}
              </div>
            </section>
          ))}

          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            {/* May wrap: on a 360 px phone the label and the address do not fit one line. */}
            <Button
              asChild
              variant="secondary"
              className="h-auto min-h-10 max-w-full whitespace-normal py-2"
            >
              <a href={`mailto:${CONTACT_EMAIL}`}>
                <Mail aria-hidden="true" className="size-4" />
                {`${privacyIntro.contactLabel}\u00a0: ${CONTACT_EMAIL}`}
              </a>
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
