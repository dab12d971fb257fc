import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "./mail";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("mail", () => {
  it("writes each mail as an .eml file in the outbox when no SMTP server is set", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "hybridge-mail-"));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "Hybridge <no-reply@x.test>",
      dataDir: dir,
      log: Fastify().log,
    });
    await mailer.send({
      to: "someone@x.test",
      subject: "Hello",
      text: "Hi https://x.test/a",
      html: "<p>Hi</p>",
    });
    const files = readdirSync(path.join(dir, "mail"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dir, "mail", files[0] as string), "utf8");
    expect(eml).toContain("To: someone@x.test");
    expect(eml).toContain("Subject: Hello");
  });
});
