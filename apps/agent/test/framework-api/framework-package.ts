/** Packages whose members members.tsv covers: the framework and the Java library Android ships. */
export const FRAMEWORK_PACKAGE = /^L(android|java|javax|dalvik|org\/json|org\/w3c|org\/xml)\//;
