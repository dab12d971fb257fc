import type { Locale } from "./locale";

/**
 * The demo video, recorded from the product itself by `npm run record:demo`
 * (e2e/demo/record-demo.ts): the production build driven through a new user's journey. The files
 * live in apps/web/public/media/ (same origin: the CSP allows media from 'self' only).
 */
export const DEMO_VIDEO = {
  src: "/media/demo.webm",
  type: "video/webm",
  poster: "/media/demo.jpg",
  /** One captions file per language, the steps below timed as they happen in the video. */
  captions: { en: "/media/demo.en.vtt", fr: "/media/demo.fr.vtt" } satisfies Record<Locale, string>,
  width: 1280,
  height: 720,
} as const;

/**
 * What the demo shows, in order: its captions, and the text alternative printed with the video.
 * The recording script times each step as it drives the product.
 */
export const DEMO_STEPS = [
  {
    id: "sign-up",
    en: "Sign up with an e-mail address and a password.",
    fr: "Inscription avec une adresse e-mail et un mot de passe.",
  },
  {
    id: "create-app",
    en: "Create an app: its name, app key, description and segment.",
    fr: "Création d'une application\u00a0: son nom, sa clé d'application, sa description et son secteur.",
  },
  {
    id: "settings",
    en: "The settings page shows the Test Mode key, once, and the install command.",
    fr: "La page des réglages affiche la clé du mode test, une seule fois, et la commande d'installation.",
  },
  {
    id: "test-console",
    en: "In the test console, set your dev server's address: the QR code for the dev app follows.",
    fr: "Dans la console de test, l'adresse du serveur de développement\u00a0: le QR code de l'application de test suit.",
  },
  {
    id: "request-build",
    en: "On the project page, build the Android app: the server builds it, its progress live.",
    fr: "Sur la page du projet, construction de l'application Android\u00a0: le serveur la construit, sa progression en direct.",
  },
  {
    id: "publish",
    en: "In the builds history, publish the ready build.",
    fr: "Dans l'historique des builds, publication du build prêt.",
  },
  {
    id: "published",
    en: "The project page shows the published version.",
    fr: "La page du projet affiche la version publiée.",
  },
] as const satisfies readonly ({ id: string } & Record<Locale, string>)[];
export type DemoStepId = (typeof DEMO_STEPS)[number]["id"];

/**
 * Where the public pages show the demo. The hero plays it muted on arrival (spec section 2: the
 * hero has a video), unless the visitor asks for reduced motion; /docs waits for Play.
 */
export const MARKETING_VIDEOS = {
  hero: { ...DEMO_VIDEO, title: "Hybridge product tour", autoplay: true },
  docsDemo: {
    ...DEMO_VIDEO,
    title: "Hybridge demo: from sign-up to a published build",
    autoplay: false,
  },
} as const;
export type MarketingVideo = (typeof MARKETING_VIDEOS)[keyof typeof MARKETING_VIDEOS];
