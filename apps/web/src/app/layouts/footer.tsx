import { CONTACT_EMAIL, PRODUCT_NAME, paths } from "@hybridge/shared/common/paths";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoMark } from "@/components/ui/logo";
import { useSiteTexts } from "./use-site-texts";

const linkClasses =
  "rounded-sm text-slate-600 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/* lucide-react 1.x ships no brand icons; these are the marks' simple outlines. */
const social: Array<{ name: string; href: string; icon: ReactNode }> = [
  {
    name: "GitHub",
    href: "https://github.com/hybridge",
    icon: (
      <path d="M12 2C6.48 2 2 6.58 2 12.24c0 4.52 2.87 8.36 6.84 9.72.5.09.68-.22.68-.49v-1.7c-2.78.62-3.37-1.37-3.37-1.37-.46-1.18-1.11-1.5-1.11-1.5-.91-.64.07-.62.07-.62 1 .07 1.53 1.06 1.53 1.06.9 1.57 2.35 1.12 2.92.85.09-.66.35-1.12.64-1.37-2.22-.26-4.56-1.14-4.56-5.07 0-1.12.39-2.03 1.03-2.75-.1-.26-.45-1.3.1-2.71 0 0 .84-.28 2.75 1.05A9.4 9.4 0 0 1 12 6.97c.85 0 1.7.12 2.5.34 1.91-1.33 2.75-1.05 2.75-1.05.55 1.41.2 2.45.1 2.71.64.72 1.03 1.63 1.03 2.75 0 3.94-2.34 4.81-4.57 5.06.36.32.68.94.68 1.9v2.82c0 .27.18.59.69.49A10.24 10.24 0 0 0 22 12.24C22 6.58 17.52 2 12 2Z" />
    ),
  },
  {
    name: "LinkedIn",
    href: "https://www.linkedin.com/company/hybridge",
    icon: (
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.34V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z" />
    ),
  },
  {
    name: "X",
    href: "https://x.com/hybridge",
    icon: (
      <path d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.65l-5.21-6.82-5.97 6.82H1.68l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23Zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64Z" />
    ),
  },
];

export function Footer() {
  const { locale, texts: site } = useSiteTexts();
  const texts = site.footer;
  // The docs and the assistant are in English, the privacy policy in French.
  const explore: Array<{ label: string; to: string; lang?: string }> = [
    { label: texts.docs, to: paths.docs, lang: locale === "en" ? undefined : "en" },
    { label: texts.assistant, to: paths.assistant, lang: locale === "en" ? undefined : "en" },
    { label: texts.privacy, to: paths.privacy, lang: locale === "fr" ? undefined : "fr" },
  ];
  const other = texts.otherLanguage;
  return (
    <footer className="border-slate-200 border-t bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr] lg:px-8">
        <div className="space-y-3">
          <p className="flex items-center gap-2.5 font-bold text-lg text-slate-900">
            <LogoMark className="size-7" />
            {PRODUCT_NAME}
          </p>
          <p className="max-w-sm text-slate-600 text-sm leading-relaxed">{texts.description}</p>
        </div>
        <nav aria-label={texts.exploreHeading} className="space-y-3 text-sm">
          <p className="font-semibold text-slate-900">{texts.exploreHeading}</p>
          <ul className="space-y-2">
            {explore.map((item) => (
              <li key={item.to}>
                <Link to={item.to} hrefLang={item.lang} className={linkClasses}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={other.to} lang={other.lang} hrefLang={other.lang} className={linkClasses}>
                {other.label}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="space-y-3 text-sm">
          <p className="font-semibold text-slate-900">{texts.contactHeading}</p>
          <p className="text-slate-600">
            {texts.contactLead}{" "}
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className="rounded-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {CONTACT_EMAIL}
            </a>
          </p>
        </div>
        <div className="space-y-3 text-sm">
          <p className="font-semibold text-slate-900">{texts.followHeading}</p>
          <ul className="flex gap-2">
            {social.map((item) => (
              <li key={item.name}>
                <a
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-9 items-center justify-center rounded-lg text-slate-500 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
                    {item.icon}
                  </svg>
                  <span className="sr-only">{item.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-slate-100 border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-slate-500 text-sm sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p>{texts.copyright}</p>
          <p>{texts.tagline}</p>
        </div>
      </div>
    </footer>
  );
}
