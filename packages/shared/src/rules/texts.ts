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

/**
 * The console's access rules (issue 25): the Database page's access state of each collection,
 * the Rules editor (choices, templates, help) and its tester.
 */
export const RulesConsoleTexts = {
  // The Database page.
  open: "Rules",
  bypassNote:
    "Access rules decide what your live app's users can do with each collection. The Test Mode key bypasses them, and so does this console.",
  noRules: "No rules: app users can do nothing",
  summary: (text: string) => `Rules: ${text}`,
  summaryTemplate: {
    privatePerUser: "private per user",
    publicReadOwnerWrite: "public read, owner write",
    adminOnly: "admin only",
    nobody: "nobody can do anything",
  },
  summaryAll: (choice: string) => `${choice.toLowerCase()} for every action`,
  summaryAction: (action: string, choice: string) => `${action} ${choice.toLowerCase()}`,
  loadFailed: "The access rules could not be loaded.",
  addForCollection: "Add rules for a collection",
  addLead: "A collection that has no documents yet can have its rules already.",
  collectionName: "Collection name",
  collectionPlaceholder: "notes",
  continue: "Edit its rules",
  // The editor.
  title: (collection: string) => `Access rules of ${collection}`,
  lead: "For each action, who may do it. A custom expression reads the stored document (doc), the written data (data) and the signed-in user (auth).",
  noRulesYet:
    "This collection has no rules yet: app users can do nothing with it. Choose who may do what, or start from a template, then save.",
  actions: {
    list: "List",
    get: "Get",
    create: "Create",
    update: "Update",
    delete: "Delete",
  },
  actionHints: {
    list: "Read the collection, a query or a live query: only the documents the rule allows are returned.",
    get: "Read one document by its id.",
    create: "Add a document (data is the new document).",
    update: "Change a document (doc before, data after the change).",
    delete: "Delete a document.",
  },
  whoLabel: (action: string) => `Who can ${action.toLowerCase()}`,
  choices: {
    nobody: "Nobody",
    everyone: "Everyone",
    signedIn: "Signed-in users",
    custom: "Custom expression",
  },
  expressionLabel: (action: string) => `${action} expression`,
  templatesTitle: "Start from a template",
  templatesLead:
    "A template replaces the five rules in the editor; nothing is saved until you save.",
  templates: {
    privatePerUser: "Private per user",
    publicReadOwnerWrite: "Public read, owner write",
    adminOnly: "Admin only",
  },
  templateHints: {
    privatePerUser: "Each user reads and writes only the documents whose owner is their id.",
    publicReadOwnerWrite: "Everyone reads; a signed-in user writes only their own documents.",
    adminOnly:
      "Only a verified admin e-mail can do anything: replace admin@example.com with yours in each rule.",
  },
  templateApplied: (name: string) => `Template "${name}" applied. Review the rules, then save.`,
  helpTitle: "How rules are written",
  helpLead:
    "An expression compares values with == != < <= > >= in contains, and combines comparisons with &&, || and !. A missing field makes a comparison false.",
  helpExamples: [
    { code: "doc.owner == auth.id", text: "the stored document belongs to the signed-in user" },
    { code: "data.price >= 0", text: "the written data has a price of zero or more" },
    { code: "auth.verified", text: "the user has verified their e-mail" },
    { code: "auth != null", text: "someone is signed in" },
    { code: 'doc.status in ["open", "paid"]', text: "the document's status is one of these" },
  ],
  save: "Save rules",
  saved: (collection: string) => `Rules of ${collection} saved.`,
  saveFailed: "The rules could not be saved. Your changes are still in the editor.",
  fixErrors: "Some rules have errors: fix them, then save.",
  unsaved: "Unsaved changes",
  remove: "Remove rules",
  removeTitle: (collection: string) => `Remove the rules of ${collection}?`,
  removeText:
    "Without rules, app users can do nothing with this collection: every list, read and write of your live app is refused. The Test Mode key still works.",
  removed: (collection: string) => `Rules of ${collection} removed.`,
  removeFailed: "The rules could not be removed.",
  close: "Close",
  discardTitle: (collection: string) => `Close without saving the rules of ${collection}?`,
  discardText: "Your changes to the rules are not saved: closing the editor drops them.",
  keepEditing: "Keep editing",
  discard: "Close without saving",
  // The tester.
  testerTitle: "Test the rules",
  testerLead:
    "Try an action as one of your app's users, or as nobody, against the rules in the editor (saved or not).",
  asLabel: "As",
  asNobody: "Nobody signed in",
  asUser: "An app user",
  emailLabel: "App user's e-mail",
  emailRequired: "Give the e-mail of one of your app's users.",
  actionLabel: "Action",
  conditionsTitle: "Conditions of the list (optional)",
  documentIdLabel: "Document id",
  documentIdRequired: "Give the id of a document of this collection.",
  dataLabel: "Data (JSON)",
  dataHint: "The document as it would be written; on update, the fields to change.",
  dataRequired: 'Give the data as a JSON object, for example { "owner": "…" }.',
  run: "Test",
  rulesInvalid: "The rules in the editor have errors: fix them to test them.",
  allowed: "Allowed",
  refused: "Refused",
  testFailed: "The test could not run.",
} as const;
