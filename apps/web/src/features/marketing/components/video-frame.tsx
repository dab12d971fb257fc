import { cn } from "../../../lib/cn";
import type { VideoPosterContent } from "../content/types";

/**
 * A product video, or while its source is unset (MARKETING_VIDEOS in @hybridge/shared), a drawn
 * poster of the same size that says the video is on its way: never a player that plays nothing.
 */
export function VideoFrame({
  src,
  title,
  poster,
  className,
}: {
  src: string | null;
  title: string;
  poster: VideoPosterContent;
  className?: string;
}) {
  const frame = cn(
    "relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-950 shadow-2xl shadow-brand-950/20 ring-1 ring-slate-900/10",
    className,
  );
  if (src) {
    return (
      <div className={frame}>
        {/* biome-ignore lint/a11y/useMediaCaption: the product tour has no speech to caption */}
        <video
          src={src}
          title={title}
          aria-label={title}
          controls
          playsInline
          preload="metadata"
          className="size-full object-cover"
        />
      </div>
    );
  }
  return (
    <figure className={frame}>
      {/* No play button: nothing here plays until a source is set. */}
      <PosterArt />
      <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950 via-slate-950/90 to-transparent px-5 pt-10 pb-4 sm:px-6">
        <span className="flex flex-wrap items-center gap-2 font-semibold text-sm text-white">
          {title}
          <span className="rounded-full bg-amber-400/20 px-2 py-0.5 font-semibold text-[0.6875rem] text-amber-200 uppercase tracking-wide ring-1 ring-amber-300/30">
            {poster.badge}
          </span>
        </span>
        <span className="mt-1 block text-slate-300 text-xs leading-relaxed sm:text-sm">
          {poster.caption}
        </span>
      </figcaption>
    </figure>
  );
}

/** A code editor on the left, the phone showing the result on the right, a QR code between. */
function PosterArt() {
  const code = [
    [24, 70, "#7fd9a5"],
    [24, 120, "#94a3b8"],
    [44, 96, "#fbbf24"],
    [44, 140, "#94a3b8"],
    [64, 80, "#7fd9a5"],
    [44, 110, "#c4b5fd"],
    [24, 60, "#94a3b8"],
    [24, 130, "#7fd9a5"],
    [44, 90, "#fbbf24"],
  ] as const;
  return (
    <svg
      viewBox="0 0 640 360"
      aria-hidden="true"
      focusable="false"
      className="absolute inset-0 size-full"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id="poster-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#04331b" />
          <stop offset="0.55" stopColor="#0f172a" />
          <stop offset="1" stopColor="#085a30" />
        </linearGradient>
        <radialGradient id="poster-glow" cx="0.7" cy="0.3" r="0.6">
          <stop offset="0" stopColor="#1ea65f" stopOpacity="0.45" />
          <stop offset="1" stopColor="#1ea65f" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="640" height="360" fill="url(#poster-bg)" />
      <rect width="640" height="360" fill="url(#poster-glow)" />
      {/* Editor */}
      <g transform="translate(48 64)">
        <rect width="300" height="220" rx="14" fill="#0b1220" stroke="#334155" />
        <circle cx="20" cy="18" r="5" fill="#f87171" />
        <circle cx="36" cy="18" r="5" fill="#fbbf24" />
        <circle cx="52" cy="18" r="5" fill="#34d399" />
        {code.map(([x, width, color], i) => (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing
            key={i}
            x={x}
            y={44 + i * 18}
            width={width}
            height="7"
            rx="3.5"
            fill={color}
            opacity="0.85"
          />
        ))}
      </g>
      {/* QR code */}
      <g transform="translate(374 150)" opacity="0.9">
        <rect width="56" height="56" rx="8" fill="#f8fafc" />
        {[
          [8, 8],
          [32, 8],
          [8, 32],
        ].map(([x, y]) => (
          <rect key={`${x}-${y}`} x={x} y={y} width="16" height="16" rx="2" fill="#0f172a" />
        ))}
        <rect x="34" y="34" width="6" height="6" fill="#0f172a" />
        <rect x="42" y="40" width="6" height="6" fill="#0f172a" />
        <rect x="34" y="44" width="4" height="4" fill="#0f172a" />
      </g>
      {/* Phone */}
      <g transform="translate(452 34)">
        <rect width="148" height="292" rx="26" fill="#0b1220" stroke="#475569" strokeWidth="2" />
        <rect x="10" y="12" width="128" height="268" rx="18" fill="#f8fafc" />
        <rect x="10" y="12" width="128" height="40" rx="18" fill="#0e904d" />
        <rect x="10" y="36" width="128" height="16" fill="#0e904d" />
        <rect x="24" y="26" width="60" height="8" rx="4" fill="#d8f5e2" />
        {/* map module */}
        <rect x="22" y="64" width="104" height="86" rx="10" fill="#d8f5e2" />
        <path d="M22 120 L60 96 L92 118 L126 90" stroke="#7fd9a5" strokeWidth="6" fill="none" />
        <path
          d="M74 84a12 12 0 1 1 24 0c0 9-12 20-12 20s-12-11-12-20Z"
          fill="#0c8045"
          stroke="#fff"
          strokeWidth="2"
        />
        {/* list */}
        {[164, 196, 228].map((y) => (
          <g key={y}>
            <rect x="22" y={y} width="22" height="22" rx="6" fill="#b3eac8" />
            <rect x="52" y={y + 3} width="70" height="6" rx="3" fill="#334155" />
            <rect x="52" y={y + 13} width="46" height="5" rx="2.5" fill="#94a3b8" />
          </g>
        ))}
      </g>
    </svg>
  );
}
