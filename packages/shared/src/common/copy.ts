/** The copy buttons' texts (spec sections 8 and 9), wherever a copy button stands. */
export const CopyTexts = {
  copy: "Copy",
  copied: "Copied!",
  /** Spec section 8's copy failure, in English like the screens that show it (decision 019). */
  copyFailed: "Could not copy the text.",
  /**
   * When the browser refuses every way of copying (a plain-http address other than localhost has
   * no clipboard API, and a browser may refuse the older command too), the text is selected on
   * the page instead.
   */
  copyByHand:
    "Could not copy the text: your browser does not allow it here. The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.",
  /** Spec section 9: a copy label returns to "Copy" after 2 s. */
  copyResetMs: 2000,
} as const;
