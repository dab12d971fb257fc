import type { PageMeta } from "../page-meta";

/** The assistant page (/assistant): a static preview of the chat, with example messages. */

export const assistantMeta: PageMeta = {
  title: "Assistant · Hybridge",
  description:
    "A preview of the Hybridge assistant: ask how to build, preview and publish your app. The conversation shown is an example.",
  lang: "en",
};

export const assistantContent = {
  title: "Assistant",
  lead: "Ask how to do something in Hybridge and get an answer with the code to paste. Here is a preview of what it will look like.",
  demoNotice:
    "Preview: this conversation is an example, and the assistant does not answer yet. For a real answer today, write to us.",
  chatLabel: "Example conversation with the Hybridge assistant",
  assistantName: "Hybridge assistant",
  /** Beside the assistant's name: it is not live yet. */
  status: "Preview",
  userName: "You",
  inputLabel: "Message",
  inputPlaceholder: "The assistant is not live yet: this field is a preview",
  send: "Send",
  suggestionsLabel: "Questions people ask",
  suggestions: [
    "How do I send a push notification?",
    "Can I use my own React components?",
    "How long does an iOS build take?",
  ],
  messages: [
    {
      from: "user",
      text: "I need a map with pins for the shops in my app. Do I have to write Swift?",
    },
    {
      from: "assistant",
      text: "No. Native map modules for iOS and Android are coming to the module store: you will add one and open its map with one call, without Swift. Until they ship, a web map library such as Leaflet works in the app as it does in a browser: put the map in a page of your app and open that page:",
      code: 'nav.openPage("/shops");',
    },
    {
      from: "user",
      text: "Nice. I work on Windows: how do I get the iPhone version?",
    },
    {
      from: "assistant",
      text: "Request an Apple build from your project page. It runs in our cloud, so no Mac is needed; you can follow its progress on the Builds page and publish it when it is ready.",
    },
  ] as const,
};
