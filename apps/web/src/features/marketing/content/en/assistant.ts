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
      text: "No. Add a maps module from the module store to your project: it brings a native map view for iOS and Android. Then open it from any page of your app:",
      code: 'nav.openView("map");',
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
