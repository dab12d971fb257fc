import { DEMO_STEPS, type MarketingVideo } from "@hybridge/shared/marketing/media";
import { useEffect, useId, useRef } from "react";
import { cn } from "@/lib/cn";
import { useStaticPage } from "@/lib/static-page";
import type { VideoTextContent } from "../content/types";

/**
 * The demo video (recorded from the product by `npm run record:demo`): a player with its
 * controls and poster, captions in the page's language, and the steps it shows written out under
 * it for whoever does not watch. An `autoplay` video starts muted once the page is up, unless the
 * visitor asks for reduced motion.
 */
export function VideoFrame({
  video,
  text,
  className,
}: {
  video: MarketingVideo;
  text: VideoTextContent;
  className?: string;
}) {
  const player = useRef<HTMLVideoElement>(null);
  // A pre-rendered page names its poster for the page's script to load as the video nears the
  // screen, like a lazy image: below the fold on a phone, it would otherwise share the network
  // with the page's first paint (src/public/video.ts).
  const isStatic = useStaticPage();
  const stepsId = useId();

  useEffect(() => {
    const element = player.current;
    if (!video.autoplay || !element) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    // React sets `muted` as a property, which the pre-rendered HTML cannot carry.
    element.muted = true;
    // A browser that refuses to autoplay keeps the poster and the Play button: nothing to do.
    element.play().catch(() => {});
  }, [video.autoplay]);

  return (
    <figure className={cn("space-y-3", className)}>
      <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-950 shadow-2xl shadow-brand-950/20 ring-1 ring-slate-900/10">
        <video
          ref={player}
          // The public pages' plain script starts it the same way (src/public/video.ts).
          data-autoplay={video.autoplay ? "" : undefined}
          controls
          playsInline
          muted={video.autoplay}
          loop={video.autoplay}
          preload={isStatic ? "none" : "metadata"}
          poster={isStatic ? undefined : video.poster}
          data-poster={isStatic ? video.poster : undefined}
          width={video.width}
          height={video.height}
          aria-label={text.title}
          aria-describedby={stepsId}
          className="size-full object-cover"
        >
          <source src={video.src} type={video.type} />
          <track
            kind="captions"
            src={video.captions[text.locale]}
            srcLang={text.locale}
            label={text.captionsLabel}
          />
        </video>
      </div>
      <figcaption>
        <details className="rounded-lg text-slate-600 text-sm">
          <summary className="cursor-pointer rounded font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2">
            {text.stepsHeading}
          </summary>
          <ol id={stepsId} className="mt-2 list-decimal space-y-1 pl-5">
            {DEMO_STEPS.map((step) => (
              <li key={step.id}>{step[text.locale]}</li>
            ))}
          </ol>
        </details>
      </figcaption>
    </figure>
  );
}
