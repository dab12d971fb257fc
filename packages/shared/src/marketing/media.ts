/**
 * The videos of the public pages. A source must be same-origin (the CSP allows media from 'self'
 * only), e.g. a file under apps/web/public/media/. While a source is null, the pages show a
 * designed poster in its place and say that the video is on its way.
 */
export const MARKETING_VIDEOS = {
  /** The landing page's hero: a two-minute product tour. */
  hero: { src: null as string | null, title: "Hybridge product tour" },
  /** The docs page: create a project, preview it on a phone, build it. */
  docsDemo: { src: null as string | null, title: "Hybridge demo: from npm create to the store" },
} as const;
