/** What a public page puts in its <head>: written at build time, kept up by usePageMeta. */
export type PageMeta = {
  /** The whole tab title. */
  title: string;
  /** The meta description: one or two sentences, under ~160 characters. */
  description: string;
  lang: "en" | "fr";
};
