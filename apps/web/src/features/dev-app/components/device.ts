/** Which kind of device opened the link: what the /dev page offers depends on it. */
export type Device = "android" | "ios" | "computer";

export function deviceOf(userAgent: string, maxTouchPoints = 0): Device {
  if (/Android/i.test(userAgent)) return "android";
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  // iPadOS asks for desktop pages with a Mac's user agent; a touch screen gives it away.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return "ios";
  return "computer";
}
