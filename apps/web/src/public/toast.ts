/** How long a toast stays (react-hot-toast's error duration, as in the console). */
const TOAST_MS = 4000;

/**
 * A message at the top of the page, read out politely, gone after 4 s: the public pages' stand-in
 * for the console's react-hot-toast, with its look. One at a time: a new one replaces the last.
 */
export function showToast(message: string) {
  document.querySelector("[data-public-toast]")?.remove();
  const toast = document.createElement("div");
  toast.dataset.publicToast = "";
  toast.setAttribute("role", "status");
  toast.setAttribute("aria-live", "polite");
  toast.className =
    "fixed inset-x-4 top-4 z-[9999] mx-auto max-w-md rounded-xl bg-white px-3.5 py-2.5 text-center text-slate-900 text-sm shadow-[0_10px_30px_-10px_rgb(15_23_42/0.25),0_0_0_1px_rgb(15_23_42/0.05)] motion-safe:animate-fade-in";
  toast.textContent = message;
  document.body.append(toast);
  window.setTimeout(() => toast.remove(), TOAST_MS);
}
