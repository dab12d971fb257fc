import { FRAMEWORK_PACKAGE } from "./framework-package";
import {
  frameworkReferences,
  resolveInOurClasses,
  type SmaliClass,
  type SmaliReference,
} from "./smali-source";

/**
 * The rules a phone applies to the shell's code that the JVM harness cannot (its stand-ins are
 * API 29's, and enjarify turns invoke-direct into invokespecial, which the JVM accepts for any
 * method of the class). Each returns the problems found, one line each, empty when none.
 */

export interface MemberLevel {
  level: number;
  declaredIn: string;
}

const where = (r: SmaliReference) => `${r.file}:${r.line}`;

/** Reads members.tsv: `member<TAB>level<TAB>declared in`, `#` comments. */
export function parseMembersTable(text: string): Map<string, MemberLevel> {
  const table = new Map<string, MemberLevel>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [member = "", level = "", declaredIn = ""] = line.split("\t");
    table.set(member, { level: Number(level), declaredIn });
  }
  return table;
}

/**
 * Every framework member the smali references exists at `minSdk`: it is in the table at that
 * level or lower, or it is allowed (guarded by a Build.VERSION.SDK_INT check) with a reason.
 */
export function apiLevelProblems(input: {
  classes: Map<string, SmaliClass>;
  references: SmaliReference[];
  table: Map<string, MemberLevel>;
  minSdk: number;
  allowed: Record<string, string>;
}): string[] {
  const problems: string[] = [];
  for (const [member, uses] of frameworkReferences(input.classes, input.references)) {
    const at = uses.map(where).join(", ");
    if (!FRAMEWORK_PACKAGE.test(member)) {
      problems.push(`${member}: a class neither ours nor Android's (${at})`);
      continue;
    }
    const known = input.table.get(member);
    if (!known) {
      problems.push(
        `${member}: not in members.tsv — not on Android, or new to the shell: regenerate the table (test/framework-api/README.md) (${at})`,
      );
    } else if (known.level > input.minSdk && !input.allowed[member]) {
      problems.push(
        `${member}: since API ${known.level}, newer than minSdk ${input.minSdk}: guard it with Build.VERSION.SDK_INT and allow it with the reason (${at})`,
      );
    }
  }
  return problems;
}

/**
 * invoke-direct only for constructors and private methods of our own classes (ART refuses the
 * class otherwise), and our own methods called with the invoke their declaration needs.
 */
export function invokeProblems(input: {
  classes: Map<string, SmaliClass>;
  references: SmaliReference[];
}): string[] {
  const { classes } = input;
  const problems: string[] = [];
  for (const r of input.references) {
    if (r.kind !== "method") continue;
    const target = `${r.owner}->${r.member}`;
    if (r.instruction === "invoke-direct") {
      const isConstructor = r.member.startsWith("<init>(");
      const declared = classes.get(r.owner)?.methods.get(r.member);
      if (isConstructor && (declared || !classes.has(r.owner))) continue;
      if (!declared) {
        problems.push(
          `${where(r)}: invoke-direct ${target}: not a private method of a class of ours`,
        );
      } else if (!declared.flags.has("private") || declared.flags.has("static")) {
        problems.push(
          `${where(r)}: invoke-direct ${target}, which is not private: use invoke-virtual`,
        );
      }
      continue;
    }
    const found = resolveInOurClasses(classes, r.owner, r.member, "method");
    if (!found || !("declaredIn" in found)) continue;
    const method = found.declaredIn.methods.get(r.member);
    const isStatic = method?.flags.has("static") ?? false;
    const isPrivate = method?.flags.has("private") ?? false;
    if (r.instruction === "invoke-static") {
      if (!isStatic) problems.push(`${where(r)}: invoke-static of the instance method ${target}`);
    } else if (isStatic) {
      problems.push(`${where(r)}: ${r.instruction} of the static method ${target}`);
    } else if (isPrivate) {
      problems.push(
        `${where(r)}: ${r.instruction} of the private method ${target}: use invoke-direct`,
      );
    }
  }
  return problems;
}
