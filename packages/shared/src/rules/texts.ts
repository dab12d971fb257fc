/**
 * Texts of the access rules (decision 044): the rule language's errors, as the server, the
 * command line and the console's editor show them. English: the app's developer reads them.
 */
export const RulesTexts = {
  empty: "Write a rule: true, false or an expression such as doc.owner == auth.id.",
  tooLong: (max: number) => `A rule has at most ${max} characters.`,
  tooComplex: (max: number) => `A rule has at most ${max} comparisons.`,
  tooDeep: (max: number) => `A rule nests at most ${max} levels of parentheses and !.`,
  unexpectedCharacter: (character: string) => `Unexpected character "${character}".`,
  unterminatedString: "This string has no closing quote.",
  badEscape: "This string has an escape that JSON does not know.",
  badNumber: (text: string) => `"${text}" is not a number.`,
  expectedOperand:
    "Expected a value here: doc.<field>, data.<field>, auth, auth.id, auth.email, auth.verified, a string, a number, true, false, null or a [list].",
  expectedEnd: (found: string) => `Unexpected "${found}": combine conditions with && or ||.`,
  expectedClose: (close: string) => `Expected "${close}".`,
  expectedField: (root: string) => `Expected a field name after "${root}.".`,
  unknownName: (name: string) =>
    `Unknown name "${name}": a rule reads doc (the stored document), data (the written data) and auth (the signed-in user).`,
  unknownAuthField: (name: string) =>
    `auth has no "${name}": use auth.id, auth.email or auth.verified.`,
  docInCreate: "A create rule has no stored document: read the new document as data.<field>.",
  dataOutsideWrite:
    "data is the written document: only create and update rules read it. Read the stored document as doc.<field>.",
  serverFieldInData: (name: string) =>
    `data.${name} is never in the written data: the server sets ${name}. Read doc.${name} instead.`,
  serverFieldPath: (name: string) => `doc.${name} has no fields inside it.`,
  docWithDoc:
    "Compare a document's field with a value, data or auth, not with another of its fields.",
  listNotLiteral: "A [list] in a rule holds plain values: strings, numbers, true, false, null.",
  inNeedsList: "in needs a list on its right: [..], or a field that holds one.",
  authCompare: "auth alone can only be compared with null: auth != null means signed in.",
  rangeValue: (op: string) => `${op} compares numbers, strings or true/false, not null or lists.`,
  ruleFor: (collection: string, action: string, line: number, column: number, message: string) =>
    `${collection}.${action}: line ${line}, position ${column}: ${message}`,
  rulesFileObject:
    'The rules are an object of collections, each with its five rules: { "notes": { "list": …, "get": …, "create": …, "update": …, "delete": … } }.',
  rulesCollectionName: (name: string) =>
    `"${name}" is not a collection name: 1 to 64 lowercase letters, digits, - or _.`,
  rulesMissingAction: (collection: string, action: string) =>
    `${collection}.${action}: missing. Give each collection its five rules: list, get, create, update, delete.`,
  rulesUnknownAction: (collection: string, action: string) =>
    `${collection}.${action}: not a rule. The rules are list, get, create, update and delete.`,
  rulesValue: (collection: string, action: string) =>
    `${collection}.${action}: a rule is true (everyone), false (nobody) or an expression string.`,
  tooManyCollections: (max: number) => `At most ${max} collections have rules.`,
  testCollection: "collection: 1 to 64 lowercase letters, digits, - or _.",
  testUserNotFound: "No user of this app has this e-mail.",
  testDocumentRequired: "documentId: give the id of a document to test this rule on.",
  testDataRequired: "data: give the document as it would be written (JSON).",
  testNoRules: (collection: string) =>
    `${collection} has no rules: app users can do nothing with it (the Test Mode key can).`,
  testDecided: (allowed: boolean, rule: string) =>
    `${allowed ? "Allowed" : "Refused"}: for this user the rule ${rule} is always ${allowed}.`,
  testList: (visible: number, matching: number, rule: string) =>
    `Allowed, filtered: ${visible} of the ${matching} documents the query matches are listed (rule for this user: ${rule}).`,
  testDocument: (allowed: boolean, rule: string) =>
    `${allowed ? "Allowed" : "Refused"}: the rule for this user (${rule}) is ${allowed} for this document.`,
  testDocumentMissing: "Refused: no document has this id in this collection (404).",
  /** Refusals of the data API under rules. */
  createRefused: "The access rules of this collection do not allow you to add this document.",
  deleteRefused: "The access rules of this collection do not allow you to delete this document.",
  updateRefused: "The access rules of this collection do not allow this change.",
} as const;
