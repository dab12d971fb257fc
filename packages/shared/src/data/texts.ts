// No zod here: the app SDK (@hybridge/app) imports this catalogue and stays small.

/**
 * A collection's name, as the API's refusal and the SDK's own check both say it. Called under a
 * pure annotation: a bundle that uses SdkTexts alone (the SDK's) leaves DataTexts out.
 */
const collectionRule = (example: string) =>
  `collection: use 1 to 64 lowercase letters, digits, '-' or '_' (${example}).`;

/** Texts of the database API (the apps' documents; decision 027). English: developers read them. */
export const DataTexts = {
  invalidCollection: /* @__PURE__ */ collectionRule("for example orders or user_photos"),
  notAnObject: 'body: a document is a JSON object, for example { "item": "Espresso" }.',
  reservedField: (field: string) => `${field}: is set by the server; leave it out of the document.`,
  tooLarge: (maxKb: number) => `The document is larger than ${maxKb} kB once written as JSON.`,
  tooMany: (max: number) =>
    `This project's database holds its maximum of ${max} documents: delete some before adding more.`,
  notFound: "No document with this id in this collection.",
  projectNotFound: "This project could not be found.",
  invalidCursor: "cursor: is not a cursor this list gave.",
  fileRequired: "file: add one file (an image or a PDF).",
  fileType: "file: only images (PNG, JPEG, WebP, GIF) and PDF documents can be added.",
  fileTooLarge: (maxMb: number) => `file: must be at most ${maxMb} MB.`,
  dataField: "data: must be a JSON object written as text.",
  fileNotFound: "No such file.",
  versionConflict:
    "The document was changed since the version you read (ifVersion): read it again, then write.",
  invalidIfVersion:
    "ifVersion: must be a whole number, 1 or more (the version of the document you read).",
  unknownQuery: (names: readonly string[], allowed: readonly string[]) =>
    `query: ${names.join(", ")} ${names.length === 1 ? "is not a parameter" : "are not parameters"} of this request (${
      allowed.length === 0 ? "it takes none" : `it takes ${allowed.join(", ")}`
    }); nothing was read or written.`,
  operationUnknown: (field: string) =>
    `${field}: "$op" must be one of delete, increment, arrayUnion, arrayRemove (an object with a "$op" key is an operation, never stored).`,
  operationDelete: (field: string) => `${field}: {"$op": "delete"} takes no other key.`,
  operationIncrement: (field: string) =>
    `${field}: increment takes "by", a finite number, and no other key.`,
  operationValues: (field: string, op: string) =>
    `${field}: ${op} takes "values", an array, and no other key.`,
  operationNested: (field: string) =>
    `${field}: operations (increment, arrayUnion, arrayRemove, delete) apply to top-level fields of an update only.`,
  operationInData: (field: string) =>
    `${field}: operations (increment, arrayUnion, arrayRemove, delete) belong in an update; a document to add or set holds plain values.`,
  notFinite: "The result of an increment is too large to be stored as a number.",
} as const;

/** The project page's "Database" section. */
export const DatabaseSectionTexts = {
  title: "Database",
  lead: "The documents your app stores with db.add, by collection. This is your project's Test Mode database.",
  empty: 'No documents yet. Add one from your app with db.add("orders", { … }).',
  loadFailed: "The database could not be loaded.",
  documents: (n: number) => `${n} document${n === 1 ? "" : "s"}`,
  collections: "Collections",
  loadMore: "Load more",
  delete: "Delete",
  deleteTitle: "Delete this document?",
  deleteText: "The app will no longer find it. This cannot be undone.",
  deleted: "Document deleted.",
  deleteFailed: "The document could not be deleted.",
  deleteConflict:
    "Someone else changed this document since the list showed it, so it was not deleted. The list now shows their version: delete it again if you still want to.",
  back: "All collections",
  // A document: open, edit as JSON, add.
  open: (id: string) => `Open document ${id}`,
  add: "Add a document",
  addTitle: (collection: string) => `New document in ${collection}`,
  editTitle: "Document",
  editLead: "Edit its fields as JSON. Save replaces them all at the version shown.",
  addLead: "Its fields as JSON; the server sets its id, dates and version.",
  idLabel: "Id",
  createdLabel: "Created",
  updatedLabel: "Updated",
  versionLabel: "Version",
  fileLabel: "File",
  jsonLabel: "Fields (JSON)",
  jsonHint: "A JSON object. id, createdAt, updatedAt and version are set by the server.",
  invalidJson: (reason: string) => `This is not valid JSON: ${reason}`,
  notAnObject: 'A document is a JSON object, for example { "item": "Espresso" }.',
  save: "Save",
  addConfirm: "Add",
  saved: "Document saved.",
  added: "Document added.",
  saveFailed: "The document could not be saved.",
  addFailed: "The document could not be added.",
  conflictTitle: "Someone else changed this document",
  conflict:
    "It changed since you opened it, so it was not saved. Reload it to see their version: your text stays in the editor.",
  reload: "Reload their version",
  reloadFailed: "The document could not be reloaded.",
  reloaded: (version: number) =>
    `Version ${version} is the latest. Your text is still in the editor: Save writes it over theirs, or use theirs instead.`,
  theirs: (version: number) => `Their version (${version})`,
  useTheirs: "Use their version",
  gone: "This document was deleted meanwhile: it can no longer be saved.",
  showAll: (characters: number) => `Show all (${characters} characters)`,
  showLess: "Show less",
  // Filter, sort and count.
  queryTitle: "Filter and sort",
  condition: (n: number) => `Condition ${n}`,
  field: "Field",
  fieldPlaceholder: "status or address.city",
  operator: "Operator",
  value: "Value",
  valuePlaceholder: '"open", 42, true, null or ["a", "b"]',
  valueJson: (type: string) => `Read as JSON: ${type}.`,
  valueText: "Not JSON: read as this text.",
  jsonTypes: {
    null: "null",
    boolean: "a boolean",
    number: "a number",
    string: "a string",
    array: "a list",
    object: "an object",
  },
  addCondition: "Add a condition",
  removeCondition: (n: number) => `Remove condition ${n}`,
  sortField: "Sort by",
  sortDirection: "Order",
  descending: "Descending (newest, largest first)",
  ascending: "Ascending (oldest, smallest first)",
  apply: "Apply",
  clear: "Clear",
  matching: (n: number) => `${n} matching document${n === 1 ? "" : "s"}`,
  noMatch: "No document matches this filter.",
  queryFailed: "The documents could not be read with this filter.",
} as const;

/**
 * What the app SDK (@hybridge/app) says itself, in a HybridgeError's message: before it asks the
 * server (a collection's name, the configuration, the runtime), or when no answer of the server's
 * carries one.
 */
export const SdkTexts = {
  invalidCollection: (name: string) => collectionRule(`got "${name}"`),
  notConfigured:
    "Hybridge is not configured: set HYBRIDGE_SERVER and HYBRIDGE_APP_KEY in .env, or call configure({ server, appKey }). (A script of your own may use the Test Mode key, HYBRIDGE_DATABASE_KEY, instead of the app key; an app never does.)",
  appKeyRequired: (fn: string) =>
    `auth.${fn} needs your app's public app key: set HYBRIDGE_APP_KEY in .env, or call configure({ server, appKey }).`,
  notSignedIn: (fn: string) => `auth.${fn}: no user is signed in.`,
  unreachable: (server: string, reason: string) =>
    `The Hybridge server at ${server} could not be reached (${reason}).`,
  httpStatus: (status: number) => `The server answered ${status}.`,
  noEventSource: "db.watch needs EventSource, which this runtime lacks.",
  nativeOnly: (fn: string) =>
    `${fn} works inside the app only: open this page in the app (or the dev app) on a phone.`,
  nativeViewsComingSoon: (view: string) =>
    `Native views are coming soon: no native view ships yet, so nav.openView("${view}") opens nothing, in the app or in a browser.`,
  otherOrigin: (url: string) =>
    `nav.openPage opens pages of this app only; ${url} is on another site (use a link to it instead).`,
} as const;

/**
 * Refusals of a documents query (packages/shared/src/data/query.ts; decision 038), each naming
 * where in the query it is: `at` is a place such as `where[0].value` or `orderBy[1].field`.
 */
export const QueryTexts = {
  unknownFields: (keys: string[]) =>
    `query: unknown field${keys.length === 1 ? "" : "s"} ${keys.join(", ")}; a query has where, orderBy, limit and after.`,
  whereList: "where: a list of conditions, for example [{ field, op, value }].",
  tooManyConditions: (max: number) => `where: at most ${max} conditions.`,
  condition: (at: string) => `${at}: a condition is { field, op, value }.`,
  conditionUnknown: (at: string, keys: string[]) =>
    `${at}: unknown field${keys.length === 1 ? "" : "s"} ${keys.join(", ")}; a condition has field, op and value.`,
  field: (at: string) =>
    `${at}: name a field, for example "status" or "address.city" (or the list of its parts).`,
  fieldEmptyPart: (at: string) =>
    `${at}: every part of a field path is at least one character; a key that contains "." is written as the list of its parts, for example ["a.b", "c"].`,
  fieldTooDeep: (at: string, maxParts: number, maxLength: number) =>
    `${at}: a field path has at most ${maxParts} parts of at most ${maxLength} characters each.`,
  serverFieldPath: (at: string, name: string) =>
    `${at}: ${name} is set by the server and has no fields inside it.`,
  fieldNotQueryable: (at: string, name: string) => `${at}: ${name} cannot be queried.`,
  op: (at: string) =>
    `${at}: use one of ==, !=, <, <=, >, >=, in, not-in, array-contains, array-contains-any.`,
  valueRequired: (at: string) => `${at}: a value is required.`,
  valueNotJson: (at: string) => `${at}: must be a JSON value (finite numbers only).`,
  rangeValue: (at: string, op: string) =>
    `${at}: ${op} compares with a number, a string or a boolean.`,
  listValue: (at: string, op: string, max: number) =>
    `${at}: ${op} takes a list of 1 to ${max} values.`,
  arrayOpOnServerField: (at: string, op: string, name: string) =>
    `${at}: ${op} looks inside an array; ${name} is not one.`,
  idValue: (at: string) => `${at}: id is compared with a string.`,
  timeValue: (at: string, name: string) =>
    `${at}: ${name} is compared with a date and time in ISO 8601, for example "2026-11-27T09:30:00Z".`,
  orderByList: 'orderBy: a list of sort keys, for example [{ field: "price", direction: "asc" }].',
  tooManyOrderKeys: (max: number) => `orderBy: at most ${max} fields.`,
  orderKey: (at: string) => `${at}: a sort key is { field, direction }.`,
  orderKeyUnknown: (at: string, keys: string[]) =>
    `${at}: unknown field${keys.length === 1 ? "" : "s"} ${keys.join(", ")}; a sort key has field and direction.`,
  orderTwice: (at: string) => `${at}: this field is already in orderBy.`,
  direction: (at: string) => `${at}: direction is "asc" or "desc".`,
  limit: (max: number) => `limit: a whole number from 1 to ${max}.`,
  cursor: "after: is not a cursor a page of this query gave (its nextCursor).",
  cursorOtherOrder: "after: this cursor comes from a query with another orderBy.",
  tooSlow: (seconds: number, hint: string) =>
    `This query took longer than ${seconds} s and was stopped: ${hint}`,
  indexHint: (fields: string) =>
    `the collection is too large to scan for it. Narrow it with an equality on an indexed field, or declare an index on ${fields} (the project's Database section in the console, Indexes).`,
} as const;

/** Indexes an owner declares on a collection (decision 041): the API's answers. */
export const IndexTexts = {
  fieldsList:
    'fields: a list of 1 or more fields, for example [{ field: "status", mode: "==" }, { field: "price", mode: "asc" }].',
  fieldEntry: (at: string) => `${at}: a field of an index is { field, mode }.`,
  fieldNul: (at: string) => `${at}: a key of an indexed field cannot contain the character U+0000.`,
  mode: (at: string) => `${at}: mode is "==" (equality), "asc" or "desc".`,
  fieldTwice: (at: string) => `${at}: this field is already in the index.`,
  equalityAfterOrder: (at: string) =>
    `${at}: equality fields come first, before the fields the index sorts by.`,
  tooManyEqualities: (max: number) => `fields: at most ${max} equality fields.`,
  tooManyOrderKeys: (max: number) => `fields: at most ${max} fields to sort by.`,
  duplicate: "This collection already has an index on these fields.",
  tooMany: (max: number) =>
    `This project already has ${max} indexes, the most it can have: delete one you no longer need first.`,
  notFound: "This index does not exist (it may have been deleted).",
  entryTooLarge:
    "A value of this document is too large for an index declared on its collection (an index entry holds about 2,700 bytes). Shorten the value, or delete that index in the console.",
  /** A field in a query's hint: "status ==", "price asc". */
  hintField: (name: string, mode: string) => `${name} ${mode}`,
} as const;

/** The Database section's Indexes dialog. */
export const IndexPanelTexts = {
  open: "Indexes",
  title: (collection: string) => `Indexes of ${collection}`,
  lead: "An index lets a filter with equalities and a sort answer quickly over a large collection. Declare the equality fields first, then the fields to sort by. Each index makes every write to the collection a little slower.",
  empty: "No index declared on this collection: queries on its newest documents need none.",
  loadFailed: "The indexes could not be loaded.",
  statusBuilding: "Building…",
  statusReady: "Ready",
  statusFailed: "Failed",
  failedBecause: (error: string) => `The database could not build it: ${error}`,
  fieldLabel: (n: number) => `Field ${n}`,
  modeLabel: (n: number) => `How field ${n} is used`,
  modes: { "==": "Equality (==)", asc: "Sort ascending", desc: "Sort descending" },
  addField: "Add a field",
  removeField: (n: number) => `Remove field ${n}`,
  create: "Create the index",
  created: "Index declared: it is being built.",
  createFailed: "The index could not be declared.",
  delete: "Delete",
  deleteIndex: (fields: string) => `Delete the index on ${fields}`,
  deleteTitle: "Delete this index?",
  deleteText:
    "Queries that it served will read the whole collection again, and may be refused as too slow.",
  deleted: "Index deleted.",
  deleteFailed: "The index could not be deleted.",
  suggest: "Create this index",
  suggestLead: (fields: string) => `An index on ${fields} would serve this query.`,
  close: "Close",
} as const;

/** A collection's event stream, resumed after the last change its client saw (decision 039). */
export const DataStreamTexts = {
  invalidLastEventId:
    "lastEventId: must be the id of a change this stream sent (digits), as Last-Event-ID carries it.",
  invalidQuery: "query: must be a query as JSON text, as the query route takes it ({ where }).",
  queryIssue: (message: string) => `query: ${message}`,
} as const;
