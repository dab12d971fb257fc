/**
 * Android's public API lists in the signature text format AOSP checks in for every API level
 * (prebuilts/sdk: `api/24.txt`, later `24/public/api/android.txt`; frameworks/base:
 * `api/current.txt`): packages, classes with what they extend and implement, and their
 * constructors, methods and fields. Members a class inherits are listed on the class that
 * declares them, so a member is found by walking up the class and its interfaces — as ART
 * resolves a reference.
 */

export interface ApiClass {
  /** `Landroid/webkit/WebView;` */
  name: string;
  superName: string | null;
  interfaces: string[];
  /** `name(args)ret` and `name:type` */
  members: Set<string>;
}

export type ApiLevel = Map<string, ApiClass>;

const PRIMITIVES: Record<string, string> = {
  void: "V",
  boolean: "Z",
  byte: "B",
  char: "C",
  short: "S",
  int: "I",
  long: "J",
  float: "F",
  double: "D",
};

/** Type parameters (`T`, `E`, `K`, `V`) erase to Object (their bound, in what we call). */
const TYPE_VARIABLE = /^[A-Z]$/;

/** A Java type as the text writes it (`java.util.Map<K, V>`, `char[]`, `Object...`) → descriptor. */
export function typeDescriptor(type: string): string {
  let base = stripGenerics(type).trim();
  let dims = "";
  if (base.endsWith("...")) {
    base = base.slice(0, -3);
    dims += "[";
  }
  while (base.endsWith("[]")) {
    base = base.slice(0, -2);
    dims += "[";
  }
  const primitive = PRIMITIVES[base];
  if (primitive) return dims + primitive;
  if (TYPE_VARIABLE.test(base)) return `${dims}Ljava/lang/Object;`;
  return dims + classDescriptor(base);
}

/**
 * `android.app.DownloadManager.Request` → `Landroid/app/DownloadManager$Request;`. A name
 * without a package is java.lang's: newer texts write `String` for `java.lang.String`.
 */
export function classDescriptor(qualified: string): string {
  const parts = qualified.split(".");
  const first = parts.findIndex((part) => /^[A-Z]/.test(part));
  if (first === 0) return `Ljava/lang/${parts.join("$")};`;
  const pkg = parts.slice(0, first).join("/");
  return `L${pkg}/${parts.slice(first).join("$")};`;
}

/** Drops `<…>`, however nested. */
function stripGenerics(text: string): string {
  let out = "";
  let depth = 0;
  for (const c of text) {
    if (c === "<") depth++;
    else if (c === ">") depth--;
    else if (depth === 0) out += c;
  }
  return out;
}

/** Drops annotations (`@Deprecated`, `@android.view.ViewDebug.ExportedProperty(…(…)…)`). */
function stripAnnotations(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === "@" && /[A-Za-z]/.test(text[i + 1] ?? "")) {
      i++;
      while (i < text.length && /[\w.]/.test(text[i] ?? "")) i++;
      if (text[i] === "(") {
        let depth = 0;
        for (; i < text.length; i++) {
          if (text[i] === "(") depth++;
          else if (text[i] === ")" && --depth === 0) {
            i++;
            break;
          }
        }
      }
      while (text[i] === " ") i++;
      continue;
    }
    out += text[i];
    i++;
  }
  return out;
}

const CLASS_LINE =
  /\b(class|interface|enum|@interface) ([\w.]+)(?: extends ([\w. ]+?))?(?: implements ([\w. ]+))? \{$/;

/** Parses one API level's text. */
export function parseApiText(text: string): ApiLevel {
  const classes: ApiLevel = new Map();
  let pkg = "";
  let current: ApiClass | null = null;
  for (const raw of text.split("\n")) {
    const unannotated = stripAnnotations(raw.replace(/\s\/\/ .*$/, ""));
    const line = stripGenerics(unannotated).trim();
    const packageMatch = /^package ([\w.]+) \{$/.exec(line);
    if (packageMatch?.[1]) {
      pkg = packageMatch[1];
      continue;
    }
    const classMatch = CLASS_LINE.exec(line);
    if (classMatch?.[1] && classMatch[2]) {
      const kind = classMatch[1];
      const name = classDescriptor(`${pkg}.${classMatch[2]}`);
      const names = (list: string | undefined) =>
        (list ?? "").split(/\s+/).filter(Boolean).map(classDescriptor);
      const extended = names(classMatch[3]);
      const implemented = names(classMatch[4]);
      const isInterface = kind === "interface" || kind === "@interface";
      // The same class twice (an excerpt put together in parts): one class, members merged.
      const known = classes.get(name);
      if (known) {
        current = known;
        continue;
      }
      current = {
        name,
        // An interface's super-interfaces come after `extends` (newer texts) or `implements`.
        superName:
          name === "Ljava/lang/Object;"
            ? null
            : isInterface
              ? "Ljava/lang/Object;"
              : kind === "enum"
                ? "Ljava/lang/Enum;"
                : (extended[0] ?? "Ljava/lang/Object;"),
        interfaces: isInterface ? [...extended, ...implemented] : implemented,
        members: new Set(),
      };
      classes.set(name, current);
      continue;
    }
    if (!current) continue;
    if (line === "}") {
      current = null;
      continue;
    }
    const ctor = /^ctor [\w ]*?([\w.]+)\((.*)\)/.exec(line);
    if (ctor) {
      current.members.add(`<init>(${params(ctor[2] ?? "")})V`);
      continue;
    }
    const method = /^method ([\w .[\]]*?) ?([\w.[\]]+(?:\.\.\.)?) (\w+)\((.*)\)/.exec(line);
    if (method?.[2] && method[3]) {
      // A method's own bounded type variable erases to its bound: `<T extends Parcelable> T get…`.
      const bounds = new Map(
        [...unannotated.matchAll(/[<,]\s*([A-Z]\w*) extends ([\w.]+)/g)].map((m) => [m[1], m[2]]),
      );
      const erase = (type: string) => {
        const bound = bounds.get(type.replace(/(\[\]|\.\.\.)+$/, ""));
        return bound ? type.replace(/^\w+/, bound) : type;
      };
      current.members.add(
        `${method[3]}(${params(method[4] ?? "", erase)})${typeDescriptor(erase(method[2]))}`,
      );
      continue;
    }
    const field = /^(?:field|enum_constant) [\w ]*?([\w.[\]]+) (\w+)(?: =.*)?;$/.exec(line);
    if (field?.[1] && field[2]) current.members.add(`${field[2]}:${typeDescriptor(field[1])}`);
  }
  return classes;
}

function params(list: string, erase: (type: string) => string = (type) => type): string {
  return (
    list
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)
      // Newer texts name their parameters (`String url`).
      .map((p) => erase(p.split(" ")[0] ?? p))
      .map(typeDescriptor)
      .join("")
  );
}

/**
 * The class of `level` that has `member` when reached through `owner` (the owner itself, an
 * ancestor or an interface), or null. `unknownClass` when the owner is not in the API at all.
 */
export function findMember(
  level: ApiLevel,
  owner: string,
  member: string,
): { declaredIn: string } | { unknownClass: string } | null {
  if (!level.has(owner)) return { unknownClass: owner };
  const seen = new Set<string>();
  const queue = [owner];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const cls = level.get(name);
    if (!cls) continue;
    if (cls.members.has(member)) return { declaredIn: name };
    if (cls.superName) queue.push(cls.superName);
    queue.push(...cls.interfaces);
  }
  // Every interface and class inherits Object's methods.
  if (!seen.has("Ljava/lang/Object;") && level.get("Ljava/lang/Object;")?.members.has(member)) {
    return { declaredIn: "Ljava/lang/Object;" };
  }
  return null;
}
