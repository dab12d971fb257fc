import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";

/**
 * The shell's smali read as a linker would: its classes with their methods and fields, and
 * every reference its code makes to a method or field (ours or the framework's). Shared by
 * smali-checks.test.ts and generate-members.ts.
 */

export interface SmaliMethod {
  name: string;
  /** `(Ljava/lang/String;)V` */
  descriptor: string;
  flags: Set<string>;
}

export interface SmaliClass {
  /** `Ldev/hybridge/shell/MainActivity;` */
  name: string;
  superName: string | null;
  interfaces: string[];
  flags: Set<string>;
  methods: Map<string, SmaliMethod>;
  fields: Map<string, Set<string>>;
  file: string;
}

export interface SmaliReference {
  kind: "method" | "field";
  /** invoke-direct, invoke-virtual, …, iget-object, sput, … (without /range). */
  instruction: string;
  owner: string;
  /** `name(args)ret` for a method, `name:type` for a field. */
  member: string;
  file: string;
  line: number;
}

const METHOD_REF =
  /^\s*(invoke-[a-z-]+?)(?:\/range)?\s+\{[^}]*\},\s*(L[^;]+;)->([^(\s]+\([^)]*\)\S+)/;
const FIELD_REF = /^\s*([is](?:get|put)(?:-[a-z]+)?)\s+[^L]*?(L[^;]+;)->([\w$]+:\S+)/;

/** Every .smali file under `dir`, sorted, as paths relative to it. */
export async function listSmaliFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".smali"))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The classes and references of every smali file under `dir` (all of android-shell/). */
export async function readSmali(dir: string) {
  const classes = new Map<string, SmaliClass>();
  const references: SmaliReference[] = [];
  for (const file of await listSmaliFiles(dir)) {
    const text = await readFile(join(dir, file), "utf8");
    let current: SmaliClass | null = null;
    const lines = text.split("\n");
    for (const [index, raw] of lines.entries()) {
      const words = raw.trim().split(/\s+/);
      const directive = words[0];
      const last = words.at(-1) ?? "";
      if (directive === ".class") {
        current = {
          name: last,
          superName: null,
          interfaces: [],
          flags: new Set(words.slice(1, -1)),
          methods: new Map(),
          fields: new Map(),
          file,
        };
        classes.set(current.name, current);
        continue;
      }
      if (!current) continue;
      if (directive === ".super") current.superName = words[1] ?? null;
      else if (directive === ".implements") current.interfaces.push(words[1] ?? "");
      else if (directive === ".method") {
        const open = last.indexOf("(");
        current.methods.set(last, {
          name: last.slice(0, open),
          descriptor: last.slice(open),
          flags: new Set(words.slice(1, -1)),
        });
      } else if (directive === ".field") {
        // `.field private static final NAME:Ljava/lang/String; = "…"`
        const equals = words.indexOf("=");
        const declaration = equals === -1 ? words : words.slice(0, equals);
        current.fields.set(declaration.at(-1) ?? "", new Set(declaration.slice(1, -1)));
      } else {
        const method = METHOD_REF.exec(raw);
        const match = method ?? FIELD_REF.exec(raw);
        if (match?.[1] && match[2] && match[3]) {
          references.push({
            kind: method ? "method" : "field",
            instruction: match[1],
            owner: match[2],
            member: match[3],
            file,
            line: index + 1,
          });
        }
      }
    }
  }
  return { classes, references };
}

/**
 * Where a reference to `owner` lands in our own classes: the class of ours (owner or one of its
 * ancestors) declaring the member, or, when none of ours does, the first framework class up
 * the chain — the one whose API must have the member. `null` owner: not one of ours.
 */
export function resolveInOurClasses(
  classes: Map<string, SmaliClass>,
  owner: string,
  member: string,
  kind: "method" | "field",
): { declaredIn: SmaliClass } | { frameworkOwner: string } | null {
  if (!classes.has(owner)) return null;
  const seen = new Set<string>();
  const queue = [owner];
  let firstFramework: string | null = null;
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const cls = classes.get(name);
    if (!cls) {
      firstFramework ??= name;
      continue;
    }
    const declared = kind === "method" ? cls.methods.has(member) : cls.fields.has(member);
    if (declared) return { declaredIn: cls };
    if (cls.superName) queue.push(cls.superName);
    queue.push(...cls.interfaces);
  }
  return { frameworkOwner: firstFramework ?? "Ljava/lang/Object;" };
}

/**
 * The framework references of the shell, each as `Lowner;->member` aimed at the framework class
 * that must have it (a call through one of our classes goes to its first framework ancestor).
 */
export function frameworkReferences(
  classes: Map<string, SmaliClass>,
  references: SmaliReference[],
): Map<string, SmaliReference[]> {
  const byMember = new Map<string, SmaliReference[]>();
  for (const reference of references) {
    const ours = resolveInOurClasses(classes, reference.owner, reference.member, reference.kind);
    if (ours && "declaredIn" in ours) continue;
    const owner = ours ? ours.frameworkOwner : reference.owner;
    const key = `${owner}->${reference.member}`;
    byMember.set(key, [...(byMember.get(key) ?? []), reference]);
  }
  return byMember;
}
