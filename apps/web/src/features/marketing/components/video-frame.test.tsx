import { DEMO_STEPS, MARKETING_VIDEOS } from "@hybridge/shared/marketing/media";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaticPageContext } from "@/lib/static-page";
import { VideoFrame } from "./video-frame";

const en = {
  locale: "en",
  title: "Product tour",
  stepsHeading: "What the video shows",
  captionsLabel: "English",
} as const;
const fr = {
  locale: "fr",
  title: "Visite guidée",
  stepsHeading: "Ce que montre la vidéo",
  captionsLabel: "Français",
} as const;

describe("VideoFrame", () => {
  it("plays the recorded demo in a player with its controls, poster and captions", () => {
    const html = renderToStaticMarkup(<VideoFrame video={MARKETING_VIDEOS.docsDemo} text={en} />);
    expect(html).toMatch(/<video[^>]*controls/);
    expect(html).toMatch(/<video[^>]*poster="\/media\/demo.jpg"/);
    expect(html).toMatch(/<video[^>]*aria-label="Product tour"/);
    expect(html).toContain('<source src="/media/demo.webm" type="video/webm"/>');
    expect(html).toMatch(
      /<track kind="captions" src="\/media\/demo.en.vtt" srcLang="en" label="English"/,
    );
    // /docs waits for Play.
    expect(html).not.toMatch(/<video[^>]*loop/);
  });

  it("writes out what the video shows, in the page's language", () => {
    const html = renderToStaticMarkup(<VideoFrame video={MARKETING_VIDEOS.hero} text={fr} />);
    expect(html).toContain("Ce que montre la vidéo");
    for (const step of DEMO_STEPS) expect(html).toContain(step.fr.replace(/'/g, "&#x27;"));
    expect(html).not.toContain(DEMO_STEPS[0].en);
    expect(html).toContain('src="/media/demo.fr.vtt"');
  });

  it("on a pre-rendered page, leaves its poster and bytes to the page's script (a lazy image)", () => {
    const html = renderToStaticMarkup(
      <StaticPageContext value={true}>
        <VideoFrame video={MARKETING_VIDEOS.hero} text={en} />
      </StaticPageContext>,
    );
    expect(html).toMatch(/<video[^>]*data-poster="\/media\/demo.jpg"/);
    expect(html).not.toMatch(/<video[^>]*\sposter=/);
    expect(html).toMatch(/<video[^>]*preload="none"/);
    // The hero's: the script starts it once it is in view.
    expect(html).toMatch(/<video[^>]*data-autoplay=""/);
  });
});
