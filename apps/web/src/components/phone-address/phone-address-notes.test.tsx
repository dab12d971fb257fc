// @vitest-environment happy-dom
import { PhoneAddressTexts } from "@hybridge/shared/builds/texts";
import { SERVER_ADDRESS_META } from "@hybridge/shared/projects/install-command";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DevelopmentBuildNote, PhoneAddressWarnings } from "./phone-address-notes";

/** The page as the server serves it: PUBLIC_URL in <meta name="hybridge-server">. */
function servedAt(publicUrl: string) {
  const meta = document.createElement("meta");
  meta.name = SERVER_ADDRESS_META;
  meta.content = publicUrl;
  document.head.append(meta);
}

afterEach(() => {
  cleanup();
  for (const meta of document.head.querySelectorAll("meta")) meta.remove();
});

const notes = () => screen.queryAllByRole("note", { name: PhoneAddressTexts.unreachableTitle });

describe("PhoneAddressWarnings", () => {
  it("names a loopback PUBLIC_URL and how to set it, from the page's server address", () => {
    servedAt("http://localhost:3300");
    render(<PhoneAddressWarnings />);
    expect(notes()).toHaveLength(1);
    expect(notes()[0]?.textContent).toContain(
      PhoneAddressTexts.unreachable("publicUrl", "http://localhost:3300"),
    );
    expect(notes()[0]?.textContent).toContain("PUBLIC_URL=http://192.168.1.10:3300 npm start");
  });

  it("names each app server address a phone cannot reach, with HYBRIDGE_SERVER as the fix", () => {
    servedAt("http://192.168.1.20:3300");
    render(<PhoneAddressWarnings appServers={["http://127.0.0.1:3300", "http://[::1]:3300"]} />);
    expect(notes().map((note) => note.textContent)).toEqual([
      `${PhoneAddressTexts.unreachableTitle}${PhoneAddressTexts.unreachable("appServer", "http://127.0.0.1:3300")}`,
      `${PhoneAddressTexts.unreachableTitle}${PhoneAddressTexts.unreachable("appServer", "http://[::1]:3300")}`,
    ]);
  });

  it("says nothing when every address is reachable, or about PUBLIC_URL when told not to", () => {
    servedAt("https://hybridge.example.com");
    render(<PhoneAddressWarnings appServers={[]} />);
    expect(notes()).toHaveLength(0);
    cleanup();
    render(<PhoneAddressWarnings publicUrl={null} appServers={[]} />);
    expect(notes()).toHaveLength(0);
  });
});

describe("DevelopmentBuildNote", () => {
  it("says an http deployment's builds talk to it without encryption", () => {
    servedAt("http://192.168.1.20:3300");
    render(<DevelopmentBuildNote />);
    const note = screen.getByRole("note", { name: PhoneAddressTexts.developmentBuildTitle });
    expect(note.textContent).toContain(
      "Development build: talks to http://192.168.1.20:3300 without encryption. Set PUBLIC_URL to an https address for apps you give to users.",
    );
  });

  it("says nothing for an https deployment", () => {
    servedAt("https://hybridge.example.com");
    render(<DevelopmentBuildNote />);
    expect(screen.queryByRole("note")).toBeNull();
  });
});
