import type { PageMeta } from "../page-meta";

/** The welcome page (/welcome): where the links of our e-mails land. */

export const welcomeMeta: PageMeta = {
  title: "Welcome · Hybridge",
  description:
    "Welcome to Hybridge. Create your account, read the docs and start building native iOS and Android apps with React.",
  lang: "en",
};

export const welcomeContent = {
  title: "Welcome",
  lead: "Thanks for following the link in our e-mail. Two steps and your first app is running on your phone.",
  steps: [
    {
      title: "Create your account",
      text: "It is free: the Developer plan covers unlimited local projects. Then create your first app from the console.",
      cta: "Sign Up",
    },
    {
      title: "Read the docs",
      text: "Create the project, start it, scan the QR code with the dev app, and try the Test Mode API.",
      cta: "Open the docs",
    },
  ],
  contact: "A question about the e-mail you received, or about your project? Write to",
  contactSuffix: "and a developer will answer.",
};
