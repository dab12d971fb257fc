/** The copy buttons' texts (spec sections 8 and 9), wherever a copy button stands. */
export const CopyTexts = {
  copy: "Copy",
  copied: "Copied!",
  /** Spec section 8: the copy failure message, in French as the spec gives it. */
  copyFailed: "Impossible de copier le texte.",
  /** Spec section 9: a copy label returns to "Copy" after 2 s. */
  copyResetMs: 2000,
} as const;
