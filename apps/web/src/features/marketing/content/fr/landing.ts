import { paths } from "@hybridge/shared/common/paths";
import {
  Bell,
  Blocks,
  Building2,
  Clock,
  CloudUpload,
  Cpu,
  Database,
  Hammer,
  Laptop,
  QrCode,
  RefreshCw,
  Rocket,
  Send,
  Store,
  User,
  Users,
} from "lucide-react";
import { landingAlternates, type PageMeta } from "../page-meta";
import type {
  ClosingContent,
  ComparisonContent,
  FeatureCardContent,
  HeroContent,
  LandingNavContent,
  SectionHeadingContent,
} from "../types";

/** La page d'accueil en français (/fr) : tout son texte, dans l'ordre de la page. */

export const landingFrMeta: PageMeta = {
  title: "Hybridge · Applications iOS et Android natives pour développeurs web",
  description:
    "Créez des applications iOS et Android natives en React\u00a0: backend intégré, modules natifs, builds dans le cloud sans Mac, publication sur les stores et mises à jour OTA.",
  lang: "fr",
  alternates: landingAlternates,
};

export const landingFrSections = {
  overview: "apercu",
  why: "pourquoi",
  features: "fonctionnalites",
  comparison: "comparatif",
  audience: "pour-qui",
  partners: "partenaires",
  start: "commencer",
} as const;

export const landingFrNav = {
  label: "Sections de la page",
  alternate: { to: paths.landing, label: "English", lang: "en" },
  links: [
    { id: landingFrSections.overview, label: "Aperçu" },
    { id: landingFrSections.why, label: "Pourquoi" },
    { id: landingFrSections.features, label: "Fonctionnalités" },
    { id: landingFrSections.comparison, label: "Comparatif" },
    { id: landingFrSections.audience, label: "Pour qui" },
    { id: landingFrSections.partners, label: "Partenaires" },
    { id: landingFrSections.start, label: "Commencer" },
  ],
} satisfies LandingNavContent;

export const heroFr = {
  eyebrow: "Applications natives iOS et Android, avec vos compétences web",
  tagline: "Vos applications mobiles natives, avec le React que vous écrivez déjà.",
  lead: "Hybridge apporte à votre code React un backend, des modules natifs, des builds dans le cloud et la publication sur les stores. Aucun serveur à gérer, aucun Mac à acheter.",
  primaryCta: "Tester la bêta",
  secondaryCta: "Lire la documentation",
  video: {
    locale: "fr",
    title: "Visite guidée de Hybridge",
    stepsHeading: "Ce que montre la vidéo",
    captionsLabel: "Français",
  },
} satisfies HeroContent;

export const overviewFr = {
  eyebrow: "Aperçu",
  title: "Un framework dans le cloud pour passer du web au mobile",
  paragraphs: [
    "Vous écrivez votre application en React, comme un site. Hybridge l'emballe dans une application native\u00a0: une vue web affiche les écrans classiques, et des modules natifs en Kotlin et en Swift prennent le relais pour les cartes, les animations et la 3D.",
    "Le reste est déjà prêt\u00a0: base de données, authentification, notifications push et fonctions côté serveur\u00a0; builds iOS et Android dans le cloud, publication sur l'App Store et Google Play, mises à jour à distance.",
  ],
  stats: [
    { value: "3x", label: "plus rapide pour livrer une application" },
    { value: "50\u00a0%", label: "du temps d'un projet mobile perdu en mécanique" },
    { value: "0", label: "serveur à déployer ou à maintenir" },
  ],
};

export const whyFr = {
  eyebrow: "Pourquoi Hybridge",
  title: "La moitié d'un projet mobile, c'est de la mécanique",
  lead: "Environ 50\u00a0% du temps part dans ce que le client ne verra jamais. Hybridge s'en charge pour que vous livriez l'application elle-même.",
  items: [
    {
      icon: Database,
      title: "Un backend avant le premier écran",
      text: "Base de données, connexion, notifications et serveur pour les héberger\u00a0: des semaines avant que l'application ne fasse quoi que ce soit.",
    },
    {
      icon: Hammer,
      title: "Deux chaînes d'outils natives",
      text: "Xcode et Android Studio, Gradle et CocoaPods, certificats et profils de provisionnement\u00a0: chacun sa façon de casser.",
    },
    {
      icon: Laptop,
      title: "Un Mac rien que pour iOS",
      text: "Les outils de build d'Apple ne tournent que sur macOS\u00a0: une équipe sous Windows ou Linux doit s'équiper pour publier une seule app iPhone.",
    },
    {
      icon: Clock,
      title: "Des mises en ligne à la main",
      text: "Envoi des builds, fiches des stores, attente de la validation… et tout recommencer pour la moindre correction.",
    },
  ] satisfies FeatureCardContent[],
};

export const featuresFr = {
  eyebrow: "Fonctionnalités",
  title: "Tout ce qu'il faut entre votre code et les stores",
  lead: "Huit briques qui demandent d'ordinaire autant d'outils, prêtes pour chaque application que vous créez.",
  items: [
    {
      icon: Database,
      title: "Backend intégré",
      text: "Une base de données prête à la création du projet, appelée directement depuis votre JavaScript.",
    },
    {
      icon: Users,
      title: "Authentification",
      text: "Inscription, connexion et déconnexion de vos utilisateurs, sans serveur à écrire.",
    },
    {
      icon: Bell,
      title: "Notifications push",
      text: "Récupérez le jeton de l'appareil et envoyez une notification en une ligne de code.",
    },
    {
      icon: Cpu,
      title: "Fonctions",
      text: "Votre logique côté serveur, exécutée dans le cloud, sans infrastructure à gérer.",
    },
    {
      icon: Blocks,
      title: "Store de modules natifs",
      text: "Des modules en Kotlin et en Swift pour les cartes, les animations et la 3D.",
    },
    {
      icon: CloudUpload,
      title: "Builds dans le cloud",
      text: "Vos builds iOS et Android sont compilés chez nous\u00a0: aucun Mac nécessaire.",
    },
    {
      icon: Send,
      title: "Publication automatique",
      text: "Les builds publiés partent vers l'App Store et Google Play sans manipulation.",
    },
    {
      icon: RefreshCw,
      title: "Mises à jour OTA",
      text: "Corrigez votre application chez vos utilisateurs sans attendre une nouvelle validation des stores.",
    },
  ] satisfies FeatureCardContent[],
  devApp: {
    icon: QrCode,
    text: "Et pour développer\u00a0: l'application Hybridge sur votre téléphone affiche vos modifications locales en scannant un QR code (sur Android\u00a0; bientôt sur iOS).",
  },
};

export const comparisonFrSection = {
  eyebrow: "Comparatif",
  title: "Hybridge face aux autres solutions",
  lead: "Chaque outil ici peut produire une bonne application. La différence, c'est tout ce qu'il faut construire autour.",
} satisfies SectionHeadingContent;

/** Le texte du comparatif ; ce que couvre chaque option est dans comparisonCoverage (../comparison.ts). */
export const comparisonFr: ComparisonContent = {
  caption: "Comparatif de Hybridge avec d'autres façons de créer une application mobile",
  criterionHeader: "Critère",
  options: ["Hybridge", "React Native", "Flutter", "Capacitor", "Outils no-code"],
  coverageLabels: { yes: "Oui", partial: "En partie", no: "Non" },
  labelSeparator: "\u00a0: ",
  scrollHint: "Faites défiler sur le côté pour voir toutes les solutions",
  rows: [
    {
      key: "language",
      criterion: "Langage",
      cells: [
        "React, JavaScript ou TypeScript",
        "React, avec des composants natifs",
        "Dart, un nouveau langage pour une équipe web",
        "N'importe quel framework web",
        "Éditeur visuel, peu de code",
      ],
    },
    {
      key: "backend",
      criterion: "Backend inclus",
      cells: [
        "Base de données, auth, push, fonctions",
        "À fournir (Firebase…)",
        "À fournir (Firebase…)",
        "À fournir",
        "Souvent, dans la plateforme",
      ],
    },
    {
      key: "iosWithoutMac",
      criterion: "Builds iOS sans Mac",
      cells: [
        "Builds cloud inclus",
        "Avec un service comme Expo EAS",
        "Avec un service de CI tiers",
        "Avec un service comme Ionic Appflow",
        "Compilé par la plateforme",
      ],
    },
    {
      key: "storePublishing",
      criterion: "Publication sur les stores",
      cells: [
        "Automatique",
        "Avec EAS Submit ou fastlane",
        "À la main ou avec fastlane",
        "À la main ou avec Appflow",
        "Guidée, selon la plateforme",
      ],
    },
    {
      key: "otaUpdates",
      criterion: "Mises à jour OTA",
      cells: [
        "Incluses",
        "Avec EAS Update",
        "Outils tiers seulement (Shorebird…)",
        "Avec Appflow ou Capgo",
        "Selon la plateforme",
      ],
    },
    {
      key: "nativeUi",
      criterion: "Interface native partout",
      cells: [
        "Vue web pour les écrans classiques",
        "Composants natifs partout",
        "Son propre moteur de rendu",
        "Vue web partout",
        "Selon la plateforme",
      ],
    },
    {
      key: "maturity",
      criterion: "Maturité",
      cells: [
        "Jeune, en bêta",
        "Depuis 2015, grande communauté",
        "Depuis 2018, grande communauté",
        "Depuis 2019, éprouvé",
        "Selon la plateforme",
      ],
    },
  ],
  note: "Hybridge est jeune\u00a0: quand un autre outil fait mieux, le tableau le dit. Les informations sur les autres outils viennent de leur documentation\u00a0; signalez-nous tout changement.",
};

export const audienceFr = {
  eyebrow: "Pour qui",
  title: "Pensé pour ceux qui livrent des applications",
  lead: "Du grand compte au développeur indépendant, chacun y gagne du temps là où il en manque.",
  items: [
    {
      icon: Building2,
      title: "Entreprise",
      text: "Vos équipes web publient les applications internes et clients sans recruter de développeurs natifs, avec un backend et des builds gérés pour vous.",
    },
    {
      icon: Rocket,
      title: "Startups",
      text: "Sortez une première version sur les deux stores en quelques semaines, gratuitement tant que vous développez, puis corrigez à distance au fil des retours.",
    },
    {
      icon: Store,
      title: "Agences",
      text: "Acceptez les projets mobiles avec l'équipe React que vous avez déjà, un projet par client et des délais jusqu'à 3 fois plus courts.",
    },
    {
      icon: User,
      title: "Freelance",
      text: "Vendez du mobile avec les compétences que vous vendez aujourd'hui\u00a0: pas de Mac, pas de Xcode, et vos clients testent sur leur téléphone avec un QR code.",
    },
  ] satisfies FeatureCardContent[],
};

/**
 * Les logos de partenaires sont des exemples dessinés pour cette page
 * (components/partner-logos.tsx), pas des clients : le texte le dit. L'ancre reste #partenaires.
 */
export const partnersFr = {
  eyebrow: "Exemples de partenaires",
  title: "Pensé pour des équipes comme la vôtre",
  lead: "Studios, agences et indépendants qui livrent des applications à leurs clients. Ces noms sont des exemples dessinés pour cette page\u00a0: la bêta commence, et de vraies équipes apparaîtront ici avec leur accord.",
} satisfies SectionHeadingContent;

export const startFr = {
  title: "Prêt à lancer votre application\u00a0?",
  text: "Présentez-nous votre projet\u00a0: nous ouvrons de nouvelles places chaque semaine et accompagnons chaque équipe jusqu'à son premier build.",
  cta: "Commencer",
  to: paths.join,
} satisfies ClosingContent;
