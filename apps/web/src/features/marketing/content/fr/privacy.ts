import { CONTACT_EMAIL } from "@hybridge/shared/common/paths";
import type { PageMeta } from "../page-meta";

/**
 * La politique de confidentialité (/privacy), écrite pour ce que Hybridge conserve réellement :
 * voir apps/server/src/platform/db/schema/ avant de la modifier.
 */

export const privacyMeta: PageMeta = {
  title: "Politique de confidentialité · Hybridge",
  description:
    "Les données que Hybridge conserve (compte, projets, builds, commentaires, demandes), les cookies utilisés et vos droits au titre du RGPD.",
  lang: "fr",
};

/** Un paragraphe, ou une liste de points « intitulé : détail ». */
export type PrivacyBlock =
  | { kind: "text"; text: string }
  | { kind: "list"; items: ReadonlyArray<{ term?: string; text: string }> };

export type PrivacySection = { id: string; title: string; blocks: readonly PrivacyBlock[] };

export const privacyIntro = {
  title: "Politique de confidentialité",
  updated: "Dernière mise à jour\u00a0: 22 novembre 2026",
  lead: "Hybridge est un framework dans le cloud pour créer des applications iOS et Android. Cette page dit quelles données nous conservons sur vous, pourquoi, combien de temps, et comment exercer vos droits. Elle concerne le site et la console Hybridge, pas les applications que nos clients publient\u00a0: chacune a sa propre politique.",
  tocLabel: "Sommaire",
  contactLabel: "Nous écrire",
};

export const privacySections: readonly PrivacySection[] = [
  {
    id: "responsable",
    title: "Qui est responsable de vos données",
    blocks: [
      {
        kind: "text",
        text: `Hybridge est responsable du traitement des données décrites ici. Pour toute question sur vos données ou pour exercer vos droits, écrivez à ${CONTACT_EMAIL}.`,
      },
    ],
  },
  {
    id: "donnees",
    title: "Les données que nous conservons",
    blocks: [
      {
        kind: "text",
        text: "Nous ne conservons que ce que vous nous donnez en utilisant le service, et ce qu'il faut pour le faire fonctionner\u00a0:",
      },
      {
        kind: "list",
        items: [
          {
            term: "Votre compte",
            text: "votre adresse e-mail et votre mot de passe, conservé uniquement sous forme hachée (nous ne pouvons pas le lire). Pour chaque session ouverte\u00a0: sa date d'expiration, l'adresse IP et le navigateur utilisés, afin de protéger votre compte.",
          },
          {
            term: "Vos projets",
            text: "le nom, le code, la description, le secteur, les couleurs et les icônes de chaque application, ses réglages de test (type de barre de navigation, couleur de la barre d'état, adresse de votre serveur local) et sa clé de base de données, conservée sous forme hachée après son affichage unique.",
          },
          {
            term: "Vos builds",
            text: "pour chaque build iOS ou Android\u00a0: sa version, son statut, sa date, et le nombre d'installations de vos applications par plateforme.",
          },
          {
            term: "Vos commentaires",
            text: "le texte et la date de chaque commentaire laissé sur la page Feedback. Les commentaires sont publics\u00a0: ils sont signés de la partie de votre adresse e-mail qui précède le «\u00a0@\u00a0», jamais de l'adresse complète.",
          },
          {
            term: "Vos évaluations",
            text: "vos trois notes de 1 à 5, l'avantage principal et le point faible que vous avez indiqués, et leurs dates. Elles ne sont pas publiées.",
          },
          {
            term: "Vos demandes",
            text: "l'adresse e-mail laissée pour rejoindre la bêta, et pour une demande «\u00a0Rejoindre\u00a0»\u00a0: le nom et la description du projet, son secteur, votre pays et votre adresse e-mail.",
          },
          {
            term: "Les modules que vous publiez",
            text: "leur titre, leur description, leur prix, leur plateforme, leur vignette et leur vidéo.",
          },
          {
            term: "Les journaux techniques",
            text: "pour chaque requête reçue par nos serveurs\u00a0: sa date, l'adresse demandée, l'adresse IP d'origine et la réponse donnée. Les liens contenant un jeton (réinitialisation du mot de passe) y sont masqués.",
          },
        ],
      },
      {
        kind: "text",
        text: "Nous ne collectons ni données de paiement sur ce site, ni données de localisation, ni contenu de votre téléphone.",
      },
    ],
  },
  {
    id: "finalites",
    title: "Pourquoi nous les utilisons",
    blocks: [
      {
        kind: "list",
        items: [
          {
            term: "Fournir le service",
            text: "ouvrir votre compte, enregistrer vos projets, compiler et publier vos builds, afficher vos commentaires. Base légale\u00a0: l'exécution du contrat qui nous lie (article 6.1.b du RGPD).",
          },
          {
            term: "Répondre à vos demandes",
            text: "vous contacter au sujet de la bêta ou du projet que vous nous avez présenté. Base légale\u00a0: les mesures précontractuelles prises à votre demande (article 6.1.b).",
          },
          {
            term: "Améliorer Hybridge",
            text: "lire vos évaluations et vos commentaires pour décider de la suite du produit. Base légale\u00a0: notre intérêt légitime à améliorer le service (article 6.1.f).",
          },
          {
            term: "Protéger le service",
            text: "limiter les tentatives de connexion, détecter les abus et enquêter sur un incident grâce aux journaux. Base légale\u00a0: notre intérêt légitime à sécuriser le service (article 6.1.f).",
          },
        ],
      },
      {
        kind: "text",
        text: "Nous ne vendons pas vos données, nous ne faisons pas de publicité et nous ne dressons aucun profil de vous.",
      },
    ],
  },
  {
    id: "cookies",
    title: "Cookies et stockage local",
    blocks: [
      {
        kind: "text",
        text: "Hybridge n'utilise aucun cookie publicitaire ni de mesure d'audience, et ne charge aucun script d'un tiers. Seuls deux éléments sont enregistrés dans votre navigateur\u00a0:",
      },
      {
        kind: "list",
        items: [
          {
            term: "Le cookie de session",
            text: "posé quand vous vous connectez, il vous garde connecté d'une page à l'autre. Il est inaccessible aux scripts de la page (HttpOnly), n'accompagne pas les requêtes venues d'autres sites (SameSite=Lax) et disparaît à la déconnexion ou à son expiration. Il est strictement nécessaire au service et ne demande donc pas votre consentement.",
          },
          {
            term: "Le choix du bandeau cookies",
            text: "quand vous cliquez sur «\u00a0Accept\u00a0», la valeur «\u00a0accepted\u00a0» est enregistrée dans le stockage local de votre navigateur (clé hybridge.cookie-consent), pour que le bandeau ne revienne pas. Elle ne quitte jamais votre appareil\u00a0; videz les données du site pour l'effacer.",
          },
        ],
      },
    ],
  },
  {
    id: "destinataires",
    title: "Qui y a accès",
    blocks: [
      {
        kind: "text",
        text: "Vos données sont accessibles à l'équipe Hybridge, pour le support et l'administration du service, et aux prestataires qui nous aident à le faire fonctionner\u00a0: l'hébergement de nos serveurs et de nos fichiers, et l'envoi de nos e-mails. Ils n'agissent que sur nos instructions, dans le cadre d'un contrat conforme à l'article 28 du RGPD.",
      },
      {
        kind: "text",
        text: "Quand vous publiez une application, les informations nécessaires à sa fiche (nom, description, icônes, build) sont transmises à Apple et à Google, qui les traitent selon leurs propres conditions. Si un prestataire traite des données hors de l'Union européenne, ce transfert est encadré par les clauses contractuelles types de la Commission européenne.",
      },
    ],
  },
  {
    id: "conservation",
    title: "Combien de temps nous les gardons",
    blocks: [
      {
        kind: "list",
        items: [
          {
            term: "Compte, projets, builds, commentaires et évaluations",
            text: "tant que votre compte existe. Quand vous supprimez votre compte depuis la page Compte, tout ce qui lui est lié est effacé immédiatement et définitivement, fichiers compris. Les modules que vous avez publiés dans le store restent disponibles, sans lien avec vous.",
          },
          {
            term: "Demandes bêta et «\u00a0Rejoindre\u00a0»",
            text: "jusqu'à la fin de la bêta, puis au plus trois ans après notre dernier échange, sauf si vous nous demandez de les effacer plus tôt.",
          },
          {
            term: "Sessions",
            text: "jusqu'à leur expiration ou votre déconnexion.",
          },
          {
            term: "Journaux techniques",
            text: "au plus un an.",
          },
        ],
      },
    ],
  },
  {
    id: "droits",
    title: "Vos droits",
    blocks: [
      {
        kind: "text",
        text: "Le Règlement général sur la protection des données (RGPD) et la loi Informatique et Libertés vous donnent les droits suivants sur vos données\u00a0:",
      },
      {
        kind: "list",
        items: [
          {
            term: "Accès",
            text: "savoir quelles données nous avons sur vous et en obtenir une copie.",
          },
          { term: "Rectification", text: "corriger une donnée inexacte." },
          {
            term: "Effacement",
            text: "faire supprimer vos données. Vous pouvez supprimer votre compte vous-même depuis la page Compte\u00a0; pour une demande bêta ou «\u00a0Rejoindre\u00a0», écrivez-nous.",
          },
          {
            term: "Limitation",
            text: "nous demander de geler l'utilisation d'une donnée le temps d'une vérification.",
          },
          {
            term: "Opposition",
            text: "vous opposer à un traitement fondé sur notre intérêt légitime.",
          },
          {
            term: "Portabilité",
            text: "recevoir les données de votre compte dans un format lisible par une machine.",
          },
          {
            term: "Directives post-mortem",
            text: "nous dire ce que deviennent vos données après votre décès.",
          },
        ],
      },
      {
        kind: "text",
        text: `Pour exercer un droit, écrivez à ${CONTACT_EMAIL} depuis l'adresse de votre compte. Nous répondons dans un délai d'un mois. Si notre réponse ne vous satisfait pas, vous pouvez saisir la CNIL (www.cnil.fr).`,
      },
    ],
  },
  {
    id: "securite",
    title: "Sécurité",
    blocks: [
      {
        kind: "text",
        text: "Les échanges avec Hybridge sont chiffrés (HTTPS). Les mots de passe et les clés de base de données sont conservés sous forme hachée, les jetons de réinitialisation n'apparaissent jamais dans nos journaux, et les tentatives de connexion sont limitées. En cas de violation de données présentant un risque pour vous, nous prévenons la CNIL sous 72 heures et vous-même dans les meilleurs délais.",
      },
    ],
  },
  {
    id: "modifications",
    title: "Modifications de cette politique",
    blocks: [
      {
        kind: "text",
        text: "Nous mettrons cette page à jour quand Hybridge évoluera, avec la date en haut de la page. Si un changement touche à l'usage de vos données, nous vous préviendrons par e-mail avant qu'il s'applique.",
      },
    ],
  },
];
