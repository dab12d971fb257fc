import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import forge from "node-forge";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../platform/errors";
import { checkUploadKeystore, MAX_KDF_ITERATIONS } from "./pkcs12";
import { type TestKeystore, testKeystore } from "./test-support";

/**
 * The server's check of an upload key, on real keystores (keytool's) and on the PKCS#12 files a
 * careless or hostile sender could make (node-forge writes those: a certificate alone, a key
 * alone, a key with another key's certificate, a ruinous iteration count).
 */
let keytool: TestKeystore;
beforeAll(async () => {
  keytool = await testKeystore({ password: "pkcs12-test-password", alias: "upload" });
});

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).message;
  }
  throw new Error("not refused");
};

/** A fresh RSA key and its self-signed certificate, as forge objects. */
function keyAndCertificate(commonName = "Forged") {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
  ) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = "01";
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: "commonName", value: commonName }]);
  cert.setIssuer([{ name: "commonName", value: commonName }]);
  cert.sign(key, forge.md.sha256.create());
  return { key, cert };
}

/** A PKCS#12 file made by forge: any key and certificates, under a name, with its options. */
function forgePkcs12(
  key: forge.pki.rsa.PrivateKey | null,
  certs: forge.pki.Certificate[],
  password: string,
  options: { friendlyName?: string; algorithm?: "aes256" | "3des"; count?: number } = {},
) {
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certs, password, {
    friendlyName: options.friendlyName ?? "upload",
    algorithm: options.algorithm ?? "aes256",
    count: options.count,
    // forge can pair a key with its certificate only when there is one.
    generateLocalKeyId: key !== null && certs.length > 0,
  } as never);
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

describe("checkUploadKeystore", () => {
  it("takes keytool's keystore and gives its certificate's SHA-256, as keytool prints it", () => {
    const checked = checkUploadKeystore({
      keystore: keytool.bytes,
      password: keytool.password,
      alias: "upload",
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "hybridge-pkcs12-")), "upload.p12");
    writeFileSync(file, keytool.bytes);
    const listing = execFileSync(
      "keytool",
      ["-list", "-v", "-keystore", file, "-storetype", "PKCS12", "-storepass:env", "P"],
      { env: { PATH: process.env.PATH ?? "", P: keytool.password } },
    ).toString();
    rmSync(path.dirname(file), { recursive: true, force: true });
    const printed = /SHA256: ([0-9A-F:]+)/.exec(listing)?.[1]?.replaceAll(":", "").toLowerCase();
    expect(checked.certSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(checked.certSha256).toBe(printed);
    // Java's PKCS#12 keystores ignore the alias's case.
    expect(
      checkUploadKeystore({ keystore: keytool.bytes, password: keytool.password, alias: "UPLOAD" }),
    ).toEqual(checked);
  });

  it("refuses a wrong password", () => {
    expect(
      refusal(() =>
        checkUploadKeystore({
          keystore: keytool.bytes,
          password: "not-the-password",
          alias: "upload",
        }),
      ),
    ).toBe(AgentsTexts.keystoreWrongPassword);
  });

  it("refuses a wrong alias, naming the keys the keystore holds", () => {
    expect(
      refusal(() =>
        checkUploadKeystore({ keystore: keytool.bytes, password: keytool.password, alias: "key0" }),
      ),
    ).toBe(AgentsTexts.keystoreAliasMissing("key0", ["upload"]));
  });

  it("refuses a keystore holding a certificate but no private key, or a key but no certificate", () => {
    const { key, cert } = keyAndCertificate();
    expect(
      refusal(() =>
        checkUploadKeystore({
          keystore: forgePkcs12(null, [cert], "a-password"),
          password: "a-password",
          alias: "upload",
        }),
      ),
    ).toBe(AgentsTexts.keystoreNoPrivateKey("upload"));
    expect(
      refusal(() =>
        checkUploadKeystore({
          keystore: forgePkcs12(key, [], "a-password"),
          password: "a-password",
          alias: "upload",
        }),
      ),
    ).toBe(AgentsTexts.keystoreNoCertificate("upload"));
  });

  it("refuses a private key beside the certificate of another key", () => {
    const mine = keyAndCertificate("Mine");
    const theirs = keyAndCertificate("Theirs");
    expect(
      refusal(() =>
        checkUploadKeystore({
          keystore: forgePkcs12(mine.key, [theirs.cert], "a-password"),
          password: "a-password",
          alias: "upload",
        }),
      ),
    ).toBe(AgentsTexts.keystoreKeyMismatch("upload"));
  });

  it("takes another tool's well-made keystore (legacy 3DES encryption) with its fingerprint", () => {
    const { key, cert } = keyAndCertificate();
    const checked = checkUploadKeystore({
      keystore: forgePkcs12(key, [cert], "a-password", { algorithm: "3des", friendlyName: "Key0" }),
      password: "a-password",
      alias: "key0",
    });
    const der = Buffer.from(
      forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(),
      "binary",
    );
    expect(checked.certSha256).toBe(
      forge.md.sha256.create().update(der.toString("binary")).digest().toHex(),
    );
  });

  it("refuses garbage and DER that is not a PKCS#12 file", () => {
    for (const bytes of [
      Buffer.from("not a keystore"),
      Buffer.concat([Buffer.from([0x30, 0x82]), Buffer.from("a pkcs12 keystore")]),
      // A valid DER SEQUENCE of an INTEGER: not a PFX.
      Buffer.from([0x30, 0x03, 0x02, 0x01, 0x03]),
      keytool.bytes.subarray(0, keytool.bytes.length - 10),
    ]) {
      expect(
        refusal(() =>
          checkUploadKeystore({ keystore: bytes, password: "a-password", alias: "upload" }),
        ),
      ).toBe(AgentsTexts.keystoreNotPkcs12);
    }
  });

  it("refuses, at once, a keystore whose key derivation asks for millions of iterations", () => {
    const { key, cert } = keyAndCertificate();
    // Made with 2,048 iterations, then its MAC's count raised: making it costly would take ages.
    const pfx = forge.asn1.fromDer(
      forge.util.createBuffer(forgePkcs12(key, [cert], "a-password").toString("binary")),
    );
    const macData = (pfx.value as forge.asn1.Asn1[])[2] as forge.asn1.Asn1;
    (macData.value as forge.asn1.Asn1[])[2] = forge.asn1.create(
      forge.asn1.Class.UNIVERSAL,
      forge.asn1.Type.INTEGER,
      false,
      forge.asn1.integerToDer(50_000_000).getBytes(),
    );
    const costly = Buffer.from(forge.asn1.toDer(pfx).getBytes(), "binary");
    // Every key forge derives, as the cap finds it: refused at once is refused before the
    // derivation runs, which a clock on a busy machine could not tell (it took 1.9 s once).
    const pkcs12 = forge.pkcs12 as unknown as { generateKey: (...args: unknown[]) => unknown };
    const generateKey = pkcs12.generateKey;
    const derived: number[] = [];
    pkcs12.generateKey = (...args) => {
      derived.push(Number(args[3]));
      return generateKey(...args);
    };
    try {
      expect(
        refusal(() =>
          checkUploadKeystore({ keystore: costly, password: "a-password", alias: "upload" }),
        ),
      ).toBe(AgentsTexts.keystoreTooCostly(MAX_KDF_ITERATIONS));
    } finally {
      pkcs12.generateKey = generateKey;
    }
    expect(derived.filter((iterations) => iterations > MAX_KDF_ITERATIONS)).toEqual([]);
    // The cap is put back: a normal keystore opens afterwards.
    expect(
      checkUploadKeystore({ keystore: keytool.bytes, password: keytool.password, alias: "upload" })
        .certSha256,
    ).toBe(keytool.certSha256);
  });
});
