import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VideoFrame } from "./video-frame";

const poster = { badge: "Coming soon", caption: "The tour is being recorded." };

describe("VideoFrame", () => {
  it("without a source, shows a poster that says so, with nothing that looks playable", () => {
    const html = renderToStaticMarkup(
      <VideoFrame src={null} title="Product tour" poster={poster} />,
    );
    expect(html).toContain("Coming soon");
    expect(html).toContain("The tour is being recorded.");
    expect(html).not.toContain("<video");
    // No play icon (lucide's Play) nor any control on the poster.
    expect(html).not.toMatch(/lucide-play|<button|role="button"|tabindex/);
  });

  it("with a source, plays it in a player with its own controls", () => {
    const html = renderToStaticMarkup(
      <VideoFrame src="/media/tour.mp4" title="Product tour" poster={poster} />,
    );
    expect(html).toMatch(/<video[^>]*src="\/media\/tour.mp4"/);
    expect(html).toMatch(/<video[^>]*controls/);
    expect(html).not.toContain("Coming soon");
  });
});
