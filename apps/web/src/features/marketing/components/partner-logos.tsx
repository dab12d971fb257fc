import type { ReactNode } from "react";

/**
 * Example marks: fictional names drawn for this page (no one's trademark, and no one's
 * endorsement — the section's words say they are examples), in the page's own grey so that no
 * logo shouts louder than the others.
 */
const partners: Array<{ name: string; mark: ReactNode }> = [
  {
    name: "Lumen Apps",
    mark: (
      <>
        <circle cx="14" cy="16" r="9" fill="none" stroke="currentColor" strokeWidth="3" />
        <circle cx="14" cy="16" r="3.5" fill="currentColor" />
      </>
    ),
  },
  {
    name: "Atelier Kora",
    mark: (
      <path
        d="M5 26 14 6l9 20M9 18h10"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    ),
  },
  {
    name: "Pixelbay",
    mark: (
      <>
        <rect x="4" y="6" width="9" height="9" rx="2" fill="currentColor" />
        <rect x="15" y="6" width="9" height="9" rx="2" fill="currentColor" opacity="0.55" />
        <rect x="4" y="17" width="9" height="9" rx="2" fill="currentColor" opacity="0.55" />
        <rect x="15" y="17" width="9" height="9" rx="2" fill="currentColor" />
      </>
    ),
  },
  {
    name: "Verdant Labs",
    mark: (
      <path
        d="M14 27C6 20 5 11 14 4c9 7 8 16 0 23Zm0 0V12"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    ),
  },
  {
    name: "Orbital Studio",
    mark: (
      <>
        <ellipse
          cx="14"
          cy="16"
          rx="11"
          ry="5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          transform="rotate(-25 14 16)"
        />
        <circle cx="14" cy="16" r="4.5" fill="currentColor" />
      </>
    ),
  },
  {
    name: "Maison Nuage",
    mark: (
      <path
        d="M8 24h13a5 5 0 0 0 .6-10A7 7 0 0 0 8.2 13 5.5 5.5 0 0 0 8 24Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    ),
  },
];

export function PartnerLogos() {
  return (
    <ul className="mt-10 grid grid-cols-2 gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
      {partners.map(({ name, mark }) => (
        <li
          key={name}
          className="flex items-center justify-center gap-2 text-slate-500 transition-colors hover:text-slate-800"
        >
          <svg
            viewBox="0 0 28 32"
            aria-hidden="true"
            focusable="false"
            className="h-7 w-6 shrink-0"
          >
            {mark}
          </svg>
          <span className="whitespace-nowrap font-semibold text-base tracking-tight">{name}</span>
        </li>
      ))}
    </ul>
  );
}
