import { CONTACT_EMAIL } from "@hybridge/shared/common/paths";
import { MARKETING_VIDEOS } from "@hybridge/shared/marketing/media";
import { Mail } from "lucide-react";
import { DevAppDownload } from "@/components/dev-app/dev-app-download";
import { Button } from "@/components/ui/button";
import { textLinkClasses } from "@/components/ui/text-link";
import { serverAddress } from "@/lib/server-address";
import { CodeSnippet } from "../components/code-snippet";
import { VideoFrame } from "../components/video-frame";
import { docsContact, docsGroups, docsIntro, docsMeta } from "../content/en/docs";
import { usePageMeta } from "../hooks/use-page-meta";
import { scrollToSection } from "../scroll-to-section";

/** 1rem below the sticky bar, with the page's scroll-padding-top (index.css). */
const anchorClasses = "scroll-mt-4 focus:outline-none";

/** The docs: the demo video, then the Test Mode guide, one copyable snippet per function. */
export function DocsPage() {
  usePageMeta(docsMeta);
  const groups = docsGroups(serverAddress());
  const toc = [
    { id: docsIntro.demo.id, label: docsIntro.demo.title },
    { id: docsIntro.testMode.id, label: docsIntro.testMode.title },
    ...groups.map((group) => ({ id: group.id, label: group.title, nested: true })),
    { id: docsContact.id, label: docsContact.title },
  ];
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
          {docsIntro.title}
        </h1>
        <p className="mt-3 text-lg text-slate-600 leading-relaxed">{docsIntro.lead}</p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[13rem_1fr]">
        <nav aria-label={docsIntro.tocLabel} className="lg:sticky lg:top-24 lg:self-start">
          <p className="font-semibold text-slate-900 text-sm">{docsIntro.tocLabel}</p>
          <ul className="mt-3 space-y-1 border-slate-200 border-l text-sm">
            {toc.map((item) => (
              <li key={item.id}>
                <a
                  href={`#${item.id}`}
                  onClick={(event) => scrollToSection(event, item.id)}
                  className={`-ml-px block border-transparent border-l py-1 text-slate-600 hover:border-slate-400 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 ${"nested" in item ? "pl-7" : "pl-4"}`}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 max-w-3xl space-y-16">
          <section
            id={docsIntro.demo.id}
            aria-labelledby="demo-title"
            tabIndex={-1}
            className={anchorClasses}
          >
            <h2 id="demo-title" className="font-bold text-2xl text-slate-900 tracking-tight">
              {docsIntro.demo.title}
            </h2>
            <p className="mt-2 text-slate-600">{docsIntro.demo.text}</p>
            <VideoFrame
              className="mt-6"
              video={MARKETING_VIDEOS.docsDemo}
              text={docsIntro.demo.video}
            />
          </section>

          <section
            id={docsIntro.testMode.id}
            aria-labelledby="test-mode-title"
            tabIndex={-1}
            className={anchorClasses}
          >
            <h2 id="test-mode-title" className="font-bold text-2xl text-slate-900 tracking-tight">
              {docsIntro.testMode.title}
            </h2>
            {docsIntro.testMode.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-slate-600 leading-relaxed">
                {paragraph}
              </p>
            ))}
            <div className="mt-5 rounded-xl border border-slate-200 bg-white p-5">
              <h3 className="font-semibold text-lg text-slate-900">
                {docsIntro.testMode.devApp.title}
              </h3>
              <p className="mt-1 text-slate-600 text-sm leading-relaxed">
                {docsIntro.testMode.devApp.text}
              </p>
              <DevAppDownload className="mt-4" />
              <p className="mt-3 text-slate-500 text-sm">{docsIntro.testMode.devApp.ios}</p>
            </div>
            <CodeSnippet
              className="mt-5"
              language="js"
              name={docsIntro.testMode.title}
              code={docsIntro.testMode.importSnippet}
            />
            <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-brand-900 text-sm ring-1 ring-brand-100">
              {docsIntro.testMode.asyncNote}
            </p>

            <div className="mt-12 space-y-14">
              {groups.map((group) => (
                <section
                  key={group.id}
                  id={group.id}
                  aria-labelledby={`${group.id}-title`}
                  tabIndex={-1}
                  className={anchorClasses}
                >
                  <h3
                    id={`${group.id}-title`}
                    className="border-slate-200 border-b pb-3 font-bold text-slate-900 text-xl tracking-tight"
                  >
                    {group.title}
                  </h3>
                  <p className="mt-3 text-slate-600">{group.text}</p>
                  <div className="mt-6 space-y-8">
                    {group.functions.map((fn) => (
                      <article
                        key={fn.id}
                        id={fn.id}
                        aria-labelledby={`${fn.id}-title`}
                        className={anchorClasses}
                      >
                        <div className="flex flex-wrap items-center gap-2">
                          <h4 id={`${fn.id}-title`} className="font-semibold text-slate-900">
                            {fn.title}
                          </h4>
                          {fn.comingSoon && (
                            <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-800 text-xs ring-1 ring-amber-200 ring-inset">
                              {docsIntro.comingSoon}
                            </span>
                          )}
                        </div>
                        <p className="mt-1 text-slate-600 text-sm leading-relaxed">{fn.text}</p>
                        {!fn.comingSoon && (
                          <CodeSnippet
                            className="mt-3"
                            language={fn.language}
                            name={fn.title}
                            code={fn.code}
                          />
                        )}
                      </article>
                    ))}
                  </div>
                  {group.notes && (
                    <article
                      id={group.notes.id}
                      aria-labelledby={`${group.notes.id}-title`}
                      className={`${anchorClasses} mt-8`}
                    >
                      <h4 id={`${group.notes.id}-title`} className="font-semibold text-slate-900">
                        {group.notes.title}
                      </h4>
                      <ul className="mt-2 list-disc space-y-2 pl-5 text-slate-600 text-sm leading-relaxed">
                        {group.notes.points.map((point) => (
                          <li key={point}>{point}</li>
                        ))}
                      </ul>
                      {group.notes.link && (
                        <p className="mt-3 text-sm">
                          <a href={group.notes.link.href} className={textLinkClasses}>
                            {group.notes.link.label}
                          </a>
                        </p>
                      )}
                    </article>
                  )}
                </section>
              ))}
            </div>
          </section>

          <section
            id={docsContact.id}
            aria-labelledby="contact-title"
            tabIndex={-1}
            className={`${anchorClasses} rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex sm:items-center sm:justify-between sm:gap-6`}
          >
            <div>
              <h2 id="contact-title" className="font-semibold text-lg text-slate-900">
                {docsContact.title}
              </h2>
              <p className="mt-1 text-slate-600 text-sm">{docsContact.text}</p>
            </div>
            <Button asChild variant="secondary" className="mt-4 sm:mt-0">
              <a href={`mailto:${CONTACT_EMAIL}`}>
                <Mail aria-hidden="true" className="size-4" />
                {CONTACT_EMAIL}
              </a>
            </Button>
          </section>
        </div>
      </div>
    </div>
  );
}
