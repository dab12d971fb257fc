import { paths } from "@hybridge/shared/common/paths";

/** What a public page puts in its <head>: written at build time, kept up by usePageMeta. */
export type PageMeta = {
  /** The whole tab title. */
  title: string;
  /** The meta description: one or two sentences, under ~160 characters. */
  description: string;
  lang: "en" | "fr";
  /**
   * The same page in every language, itself included, and the one for any other language
   * ("x-default"): `<link rel="alternate" hreflang>`, for search engines to show each visitor
   * their language's version. Paths, not URLs: the build does not know the public address.
   */
  alternates?: ReadonlyArray<{ lang: "en" | "fr" | "x-default"; path: string }>;
};

/** The landing page in English (/) and in French (/fr). */
export const landingAlternates: PageMeta["alternates"] = [
  { lang: "en", path: paths.landing },
  { lang: "fr", path: paths.landingFr },
  { lang: "x-default", path: paths.landing },
];
