import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import { redactSecrets } from "./redact";

export type MailMessage = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

/**
 * nodemailer is a tenth of the server's code and only mail needs it: it is loaded at the first
 * mail, not at start (docs/decisions/026-server-performance.md).
 */
function lazyTransport(options: Parameters<typeof import("nodemailer").createTransport>[0]) {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import("nodemailer").then((nodemailer) =>
      nodemailer.default.createTransport(options),
    );
    return transport;
  };
}

/**
 * Real delivery through nodemailer: SMTP when SMTP_URL is set, otherwise a file outbox where every
 * mail becomes an .eml file under DATA_DIR/mail.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = lazyTransport(options.smtpUrl);
    return {
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }
  const outbox = path.join(options.dataDir, "mail");
  const transport = lazyTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => redactSecrets(m[0]));
      options.log.info(
        { to: message.to, subject: message.subject, file, links },
        "mail written to outbox",
      );
    },
  };
}
