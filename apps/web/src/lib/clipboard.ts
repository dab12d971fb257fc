/**
 * Copying text without a framework: the Clipboard API where the browser gives it (secure pages:
 * https, localhost), else the older copy command, which also works at a plain-http network
 * address — the README's first step. Used by the console's Copy buttons (use-copy.ts) and by the
 * public pages' plain script (src/public/copy-buttons.ts). False when the browser refuses both.
 */
export async function copyText(text: string): Promise<boolean> {
  return (await writeClipboard(text)) || copyWithCommand(text);
}

async function writeClipboard(text: string): Promise<boolean> {
  // Missing outside secure contexts.
  if (!navigator.clipboard) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The pre-Clipboard-API way: select the text in a hidden field and run the copy command. */
function copyWithCommand(text: string): boolean {
  const field = document.createElement("textarea");
  field.value = text;
  field.readOnly = true;
  // Out of sight and out of the layout, so that selecting it scrolls nothing.
  field.className = "fixed top-0 left-0 size-px opacity-0";
  const focused = document.activeElement;
  document.body.append(field);
  field.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    // Some browsers throw rather than answer false.
  }
  field.remove();
  if (focused instanceof HTMLElement) focused.focus();
  return copied;
}
