import { X509Certificate } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceTool } from "../../test/reference-tools";
import { createUploadKeystore, distinguishedName } from "./keystore";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hybridge-keystore-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The keystore's certificate, read back with keytool the way Play Console's owner would. */
async function certificateOf(keystore: { bytes: Buffer; password: string; alias: string }) {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.p12`);
  await writeFile(path, keystore.bytes);
  const pem = await referenceTool(
    "keytool",
    [
      "-exportcert",
      "-rfc",
      "-keystore",
      path,
      "-alias",
      keystore.alias,
      "-storepass:env",
      "KS_PASS",
    ],
    { KS_PASS: keystore.password },
  );
  return new X509Certificate(pem);
}

describe("createUploadKeystore", () => {
  it("makes an RSA key valid for more than 25 years, in a PKCS12 keystore under a random password", async () => {
    const name = `Bob's "Café", Inc. + <Shop>; CN=evil`;
    const keystore = await createUploadKeystore({
      alias: "upload",
      dname: { commonName: name, organization: "Hybridge" },
    });
    expect(keystore.alias).toBe("upload");
    expect(keystore.password).toMatch(/^[\w-]{32}$/);
    const certificate = await certificateOf(keystore);
    const twentyFiveYears = 25 * 365.25 * 24 * 3600 * 1000;
    expect(Date.parse(certificate.validTo) - Date.now()).toBeGreaterThan(twentyFiveYears);
    expect(certificate.publicKey.asymmetricKeyType).toBe("rsa");
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // The name is one common name, whatever it holds: it added no attribute of its own.
    expect(certificate.toLegacyObject().subject).toEqual({ O: "Hybridge", CN: name });

    const another = await createUploadKeystore({ dname: { commonName: "Shop" } });
    expect(another.password).not.toBe(keystore.password);
  });

  it("refuses an alias that is not plain", async () => {
    await expect(
      createUploadKeystore({ alias: "--ks evil", dname: { commonName: "Shop" } }),
    ).rejects.toMatchObject({ code: "BAD_INPUT" });
  });

  it("escapes the name for keytool's X.500 syntax", () => {
    expect(distinguishedName({ commonName: ' a,b+c"d\\e<f>g;h=i#j ' })).toBe(
      'CN=a\\,b\\+c\\"d\\\\e\\<f\\>g\\;h\\=i\\#j',
    );
    expect(distinguishedName({ commonName: "\u0000\n" })).toBe("CN=Hybridge app");
  });
});
