// The database key's shape, without zod: the command line bundles it (hybridge deploy looks for
// the key in the built files).

/**
 * The database key, the project's Test Mode key (decision 013): a development credential that
 * bypasses the access rules, never to ship inside an app. `hb_test_` followed by 43 random
 * letters and digits (43 × log2 62 ≈ 256 bits). The server keeps its SHA-256 and, for display,
 * the mark and the first 4 random characters.
 */
export const DATABASE_KEY = { mark: "hb_test_", randomLength: 43, shownLength: 4 } as const;
export const DATABASE_KEY_PATTERN = /^hb_test_[A-Za-z0-9]{43}$/;
/** Any database key inside a text (a built file), wherever it stands. */
export const DATABASE_KEY_IN_TEXT = /hb_test_[A-Za-z0-9]{43}/g;
