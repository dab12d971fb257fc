import { PRODUCT_NAME, paths } from "../common/paths";
import type { Locale } from "./locale";

/**
 * The words of the layout around every page — top bar, footer, cookie banner — in the language
 * of the page (localeOf). The English names are the UI contract's (docs/ui-contract.md).
 */
export type SiteText = {
  /** The link that skips the top bar. */
  skipToContent: string;
  /** The thin bar while the next page's code loads. */
  loadingPage: string;
  topBar: {
    /** The accessible name of the top bar's links. */
    navLabel: string;
    contactUs: string;
    signIn: string;
    console: string;
    feedback: string;
    /** The avatar link to the account page. */
    account: string;
  };
  footer: {
    description: string;
    exploreHeading: string;
    docs: string;
    assistant: string;
    privacy: string;
    /** The same site in the other language. */
    otherLanguage: { label: string; to: string; lang: Locale };
    contactHeading: string;
    /** Followed by the contact address. */
    contactLead: string;
    followHeading: string;
    copyright: string;
    tagline: string;
  };
  cookies: {
    /** The banner's accessible name. */
    label: string;
    title: string;
    text: string;
    accept: string;
  };
};

/** The current year (a pre-rendered page shows its build's year). */
const COPYRIGHT_YEAR = new Date().getFullYear();

export const SiteTexts = {
  en: {
    skipToContent: "Skip to content",
    loadingPage: "Loading the page",
    topBar: {
      navLabel: "Main",
      contactUs: "Contact us",
      signIn: "Sign In",
      console: "Console",
      feedback: "Feedback",
      account: "Account",
    },
    footer: {
      description:
        "The cloud framework for web developers who ship native iOS and Android apps: built-in backend, native modules, cloud builds and store publishing — no backend to run, no Mac needed.",
      exploreHeading: "Explore",
      docs: "Documentation",
      assistant: "Assistant",
      privacy: "Privacy policy (in French)",
      otherLanguage: { label: "Version française", to: paths.landingFr, lang: "fr" },
      contactHeading: "Get in touch",
      contactLead: "Questions or a project in mind? Write to",
      followHeading: "Follow us",
      copyright: `© ${COPYRIGHT_YEAR} ${PRODUCT_NAME}`,
      tagline: "Made for web developers who ship mobile apps.",
    },
    cookies: {
      label: "Cookie consent",
      title: "We use cookies",
      text: `Only the ones ${PRODUCT_NAME} needs to keep you signed in and remember your choices. No tracking, no advertising.`,
      accept: "Accept",
    },
  },
  fr: {
    skipToContent: "Aller au contenu",
    loadingPage: "Chargement de la page",
    topBar: {
      navLabel: "Principale",
      contactUs: "Nous contacter",
      signIn: "Se connecter",
      console: "Console",
      feedback: "Avis",
      account: "Mon compte",
    },
    footer: {
      description:
        "Le framework dans le cloud des développeurs web qui publient des applications iOS et Android natives\u00a0: backend intégré, modules natifs, builds dans le cloud et publication sur les stores — aucun serveur à gérer, aucun Mac nécessaire.",
      exploreHeading: "Explorer",
      docs: "Documentation (en anglais)",
      assistant: "Assistant (en anglais)",
      privacy: "Politique de confidentialité",
      otherLanguage: { label: "English version", to: paths.landing, lang: "en" },
      contactHeading: "Nous écrire",
      contactLead: "Une question ou un projet en tête\u00a0? Écrivez-nous à",
      followHeading: "Suivez-nous",
      copyright: `© ${COPYRIGHT_YEAR} ${PRODUCT_NAME}`,
      tagline: "Conçu pour les développeurs web qui publient des applications mobiles.",
    },
    cookies: {
      label: "Consentement aux cookies",
      title: "Nous utilisons des cookies",
      text: `Uniquement ceux dont ${PRODUCT_NAME} a besoin pour garder votre session ouverte et retenir vos choix. Ni suivi, ni publicité.`,
      accept: "Accepter",
    },
  },
} as const satisfies Record<Locale, SiteText>;
