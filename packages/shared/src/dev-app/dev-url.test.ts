import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ipv6Groups, isPrivateDevUrl, normaliseDevUrl } from "./dev-url";
import { devAppIntentUrl, devAppSchemeUrl, devLinkUrl } from "./links";

describe("isPrivateDevUrl", () => {
  it("accepts dev servers on the developer's own network", () => {
    for (const url of [
      "http://localhost:5173",
      "http://LOCALHOST:5173/app/",
      "https://127.0.0.1:8443",
      "http://127.255.0.9",
      "http://10.0.0.2:3000",
      "http://10.255.255.255",
      "http://172.16.0.1:5173",
      "http://172.31.255.254",
      "http://192.168.1.10:3000",
      "HTTP://192.168.0.1/?a=b#c",
      "http://169.254.10.20",
      "http://[::1]:5173",
      "http://[fc00::1]",
      "http://[fd12:3456:789a::1]:3000",
      "http://[fe80::1]",
      "http://[febf:ffff::1]",
      "http://my-mac.local:5173",
      "https://Studio-PC.home.local",
    ]) {
      expect(isPrivateDevUrl(url), url).toBe(true);
    }
  });

  it("refuses public addresses, other names and whatever is not an http(s) URL", () => {
    for (const url of [
      "http://8.8.8.8",
      "http://172.15.0.1",
      "http://172.32.0.1",
      "http://192.169.0.1",
      "http://169.255.0.1",
      "http://11.0.0.1",
      "http://0.0.0.0:3000",
      "http://256.1.1.1",
      "http://010.0.0.1",
      "http://2130706433",
      "http://0x7f.0.0.1",
      "http://127.1",
      "http://example.com",
      "http://localhost.example.com",
      "http://app.localhost",
      "http://local",
      "http://.local",
      "http://-x.local",
      "http://x.local.",
      "http://10.0.0.1.nip.io",
      "http://[2001:db8::1]",
      "http://[::ffff:192.168.1.1]",
      "http://[fe80::1%25wlan0]",
      "http://[fec0::1]",
      "http://user@192.168.1.2",
      "http://evil.com\\@192.168.1.2",
      "http://192.168.1.2:0",
      "http://192.168.1.2:65536",
      "http://192.168.1.2:",
      "http://192.168.1.2/a b",
      "ftp://192.168.1.2",
      "javascript://192.168.1.2/%0aalert(1)",
      "192.168.1.2:3000",
      "//192.168.1.2",
      "",
      `http://192.168.1.2/${"a".repeat(300)}`,
    ]) {
      expect(isPrivateDevUrl(url), url).toBe(false);
    }
  });

  it("never accepts a public IPv4 address, whatever the port and path", () => {
    const isPrivate = (a: number, b: number) =>
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254);
    fc.assert(
      fc.property(
        fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)),
        fc.option(fc.integer({ min: 1, max: 65535 })),
        fc.webPath(),
        ([a, b, c, d], port, path) => {
          const url = `http://${a}.${b}.${c}.${d}${port === null ? "" : `:${port}`}${path}`;
          expect(isPrivateDevUrl(url)).toBe(isPrivate(a, b) && url.length <= 300);
        },
      ),
    );
  });

  it("reads IPv6 groups like the address they spell", () => {
    expect(ipv6Groups("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups("fe80::")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const bad of ["1:2:3", "1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "::g"]) {
      expect(ipv6Groups(bad), bad).toBeNull();
    }
  });
});

describe("normaliseDevUrl", () => {
  it("lower-cases scheme and host and gives a path", () => {
    expect(normaliseDevUrl(" HTTP://My-Mac.LOCAL:5173 ")).toBe("http://my-mac.local:5173/");
    expect(normaliseDevUrl("http://192.168.1.10:3000/app?x=1")).toBe(
      "http://192.168.1.10:3000/app?x=1",
    );
    expect(normaliseDevUrl("http://10.0.0.1?x")).toBe("http://10.0.0.1/?x");
    expect(normaliseDevUrl("http://8.8.8.8")).toBeNull();
  });

  it("is idempotent and keeps the verdict", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), (url) => {
        const once = normaliseDevUrl(url);
        if (once === null) return;
        expect(isPrivateDevUrl(once)).toBe(true);
        expect(normaliseDevUrl(once)).toBe(once);
      }),
    );
  });
});

describe("the links", () => {
  it("puts the dev server in the query of an https page on this server", () => {
    const link = devLinkUrl("https://hybridge.example/", "my-shop", "http://192.168.1.10:5173");
    expect(link).toBe(
      "https://hybridge.example/dev/my-shop?url=http%3A%2F%2F192.168.1.10%3A5173%2F",
    );
    expect(decodeURIComponent(link.split("?url=")[1] ?? "")).toBe("http://192.168.1.10:5173/");
  });

  it("keeps a refused address as given, for the page to explain", () => {
    const link = devLinkUrl("https://h.example", "a b", "http://8.8.8.8");
    expect(link).toBe("https://h.example/dev/a%20b?url=http%3A%2F%2F8.8.8.8");
  });

  it("builds the custom-scheme and intent links of the contract", () => {
    expect(devAppSchemeUrl("http://192.168.1.2:3000", "shop", "http://192.168.1.3:5173/")).toBe(
      "hybridge-dev://open?server=http%3A%2F%2F192.168.1.2%3A3000&app=shop&url=http%3A%2F%2F192.168.1.3%3A5173%2F",
    );
    expect(
      devAppIntentUrl({
        publicUrl: "http://192.168.1.2:3000",
        appKey: "shop",
        target: "http://192.168.1.3:5173/",
        fallbackUrl: "http://192.168.1.2:3000/dev/shop?install=1",
      }),
    ).toBe(
      "intent://192.168.1.2:3000/dev/shop?url=http%3A%2F%2F192.168.1.3%3A5173%2F#Intent;scheme=http;package=dev.hybridge.devapp;S.browser_fallback_url=http%3A%2F%2F192.168.1.2%3A3000%2Fdev%2Fshop%3Finstall%3D1;end",
    );
  });

  it("names an update to preview instead of a dev server (issue 27)", () => {
    const id = "0F0E0D0C-0000-4000-8000-00000000000A";
    const lower = id.toLowerCase();
    expect(devLinkUrl("https://h.example/", "shop", { update: id })).toBe(
      `https://h.example/dev/shop?update=${lower}`,
    );
    expect(devAppSchemeUrl("https://h.example", "shop", { update: id })).toBe(
      `hybridge-dev://open?server=https%3A%2F%2Fh.example&app=shop&update=${lower}`,
    );
    expect(
      devAppIntentUrl({
        publicUrl: "https://h.example",
        appKey: "shop",
        target: { update: id },
        fallbackUrl: "https://h.example/dev/shop?update=x&install=1",
      }),
    ).toMatch(
      new RegExp(`^intent://h\\.example/dev/shop\\?update=${lower}#Intent;scheme=https;package=`),
    );
  });
});
