import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  X509Certificate,
} from "node:crypto";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import forge from "node-forge";
import { AppError } from "../../platform/errors";

/**
 * What one key derivation of a keystore may ask for, and all of them together. keytool makes
 * 10,000 (MAC, key and certificates); JDKs before 2021 made 100,000 for the MAC and 50,000 for
 * each of the others. The MAC's derivation (PKCS#12's own) runs in JavaScript on the event loop,
 * about 200 ms per 100,000 here: without a cap one upload could hold the server for hours.
 */
export const MAX_KDF_ITERATIONS = 200_000;
const MAX_TOTAL_KDF_ITERATIONS = 600_000;

class TooCostlyError extends Error {}

/** A checked upload key: the SHA-256 of its certificate (DER), as apksigner prints it. */
export type CheckedUploadKey = { certSha256: string };

/** A decoded SafeBag; forge keeps the ASN.1 of the keys and certificates it does not decode. */
type Bag = Omit<forge.pkcs12.Bag, "attributes" | "asn1"> & {
  attributes: { friendlyName?: unknown[]; localKeyId?: unknown[] };
  asn1?: forge.asn1.Asn1;
};

/**
 * Checks that `keystore` is a PKCS#12 file that `password` opens (its MAC, and the key's
 * encryption), holding under `alias` a private key and the certificate of that key — what
 * apksigner needs to sign with it. Any other file is refused with a 400 that says what is wrong,
 * before anything is stored. The alias is compared as Java's PKCS12 keystore does, ignoring case.
 */
export function checkUploadKeystore(input: {
  keystore: Buffer;
  password: string;
  alias: string;
}): CheckedUploadKey {
  const p12 = openPkcs12(input.keystore, input.password);
  const alias = input.alias.toLowerCase();
  const named = (bag: Bag) =>
    (bag.attributes.friendlyName ?? []).some((name) => String(name).toLowerCase() === alias);
  const bags: Bag[] = p12.safeContents.flatMap((contents) => contents.safeBags);
  const isKey = (bag: Bag) =>
    bag.type === forge.pki.oids.pkcs8ShroudedKeyBag || bag.type === forge.pki.oids.keyBag;
  const isCert = (bag: Bag) => bag.type === forge.pki.oids.certBag;

  const keyBag = bags.find((bag) => isKey(bag) && named(bag));
  const localKeyId = keyBag?.attributes.localKeyId?.[0];
  // A certificate goes with its key by their shared localKeyId (keytool, openssl), else by name.
  const certBag =
    bags.find(
      (bag) =>
        isCert(bag) && localKeyId !== undefined && bag.attributes.localKeyId?.[0] === localKeyId,
    ) ?? bags.find((bag) => isCert(bag) && named(bag));
  if (!keyBag && !certBag) {
    const names = [
      ...new Set(bags.flatMap((bag) => bag.attributes.friendlyName ?? []).map(printableName)),
    ].filter(Boolean);
    throw AppError.validation(AgentsTexts.keystoreAliasMissing(input.alias, names));
  }
  if (!keyBag) throw AppError.validation(AgentsTexts.keystoreNoPrivateKey(input.alias));
  if (!certBag) throw AppError.validation(AgentsTexts.keystoreNoCertificate(input.alias));

  const certDer = certificateDer(certBag);
  const privateKey = privateKeyOf(keyBag);
  if (!certDer || !privateKey) throw AppError.validation(AgentsTexts.keystoreUnreadable);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certDer);
  } catch {
    throw AppError.validation(AgentsTexts.keystoreUnreadable);
  }
  const certificateKey = certificate.publicKey.export({ type: "spki", format: "der" });
  const publicKey = createPublicKey(privateKey).export({ type: "spki", format: "der" });
  if (!publicKey.equals(certificateKey)) {
    throw AppError.validation(AgentsTexts.keystoreKeyMismatch(input.alias));
  }
  return { certSha256: createHash("sha256").update(certDer).digest("hex") };
}

/** The PFX opened with the password: MAC checked, bags decrypted; refusals in our words. */
function openPkcs12(bytes: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString("binary")), {
      strict: true,
      parseAllBytes: true,
    } as never);
  } catch {
    throw AppError.validation(AgentsTexts.keystoreNotPkcs12);
  }
  try {
    return withIterationCap(() => forge.pkcs12.pkcs12FromAsn1(asn1, true, password));
  } catch (error) {
    if (error instanceof TooCostlyError) {
      throw AppError.validation(AgentsTexts.keystoreTooCostly(MAX_KDF_ITERATIONS));
    }
    const message = error instanceof Error ? error.message : "";
    if (/ASN\.1 object is not an PKCS#12 PFX|Unsupported PKCS#12 PFX version/i.test(message)) {
      throw AppError.validation(AgentsTexts.keystoreNotPkcs12);
    }
    // A wrong password fails the MAC; without a MAC, it decrypts the key into nonsense.
    if (/MAC could not be verified|wrong password|Invalid password|decrypt/i.test(message)) {
      throw AppError.validation(AgentsTexts.keystoreWrongPassword);
    }
    throw AppError.validation(AgentsTexts.keystoreUnreadable);
  }
}

/**
 * Runs `open` with every key derivation forge makes (the PKCS#12 KDF of the MAC and of legacy
 * encryptions, PBKDF2 of PBES2) counted: past a cap it stops with TooCostlyError. forge reads
 * these functions from its module objects at each call, so they are swapped for the duration
 * of this synchronous call and put back.
 */
function withIterationCap<T>(open: () => T): T {
  const pkcs12 = forge.pkcs12 as unknown as { generateKey: (...args: unknown[]) => unknown };
  const pbe = (forge.pki as unknown as { pbe: { generatePkcs12Key: typeof pkcs12.generateKey } })
    .pbe;
  const pkcs5 = forge.pkcs5 as unknown as { pbkdf2: (...args: unknown[]) => unknown };
  const originals = {
    generateKey: pkcs12.generateKey,
    generatePkcs12Key: pbe.generatePkcs12Key,
    pbkdf2: pkcs5.pbkdf2,
  };
  let total = 0;
  const count = (iterations: unknown) => {
    const n = Number(iterations);
    total += n;
    if (!(n >= 1) || n > MAX_KDF_ITERATIONS || total > MAX_TOTAL_KDF_ITERATIONS) {
      throw new TooCostlyError();
    }
  };
  pkcs12.generateKey = (...args) => {
    count(args[3]);
    return originals.generateKey(...args);
  };
  pbe.generatePkcs12Key = (...args) => {
    count(args[3]);
    return originals.generatePkcs12Key(...args);
  };
  pkcs5.pbkdf2 = (...args) => {
    count(args[2]);
    return originals.pbkdf2(...args);
  };
  try {
    return open();
  } finally {
    pkcs12.generateKey = originals.generateKey;
    pbe.generatePkcs12Key = originals.generatePkcs12Key;
    pkcs5.pbkdf2 = originals.pbkdf2;
  }
}

/** The certificate as stored (forge keeps the ASN.1 of the kinds it does not decode: EC…). */
function certificateDer(bag: Bag): Buffer | null {
  try {
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    if (!asn1) return null;
    return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
  } catch {
    return null;
  }
}

/** The private key for Node's crypto: forge decodes RSA keys; others stay PKCS#8 ASN.1. */
function privateKeyOf(bag: Bag): KeyObject | null {
  try {
    const info = bag.key
      ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key))
      : bag.asn1;
    if (!info) return null;
    const der = Buffer.from(forge.asn1.toDer(info).getBytes(), "binary");
    return createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  } catch {
    return null;
  }
}

/** A name found in the file, fit to quote in a message: printable ASCII, at most 40. */
function printableName(name: unknown): string {
  return String(name)
    .replace(/[^\x20-\x7e]/g, "")
    .slice(0, 40);
}
