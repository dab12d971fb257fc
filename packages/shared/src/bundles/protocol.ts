// The bundle upload's and the deploy's constants, without zod: the command line bundles them.

/** The multipart field of `POST /api/projects/:id/bundles` and `POST /api/v1/deploy`. */
export const BUNDLE_FILE_FIELD = "bundle";

/**
 * Deploy tokens (decision 028): `hybridge deploy` sends the built web app with one, as a bearer
 * token, to `POST /api/v1/deploy` (multipart field `bundle`). `hb_deploy_` + 43 random letters and
 * digits; the server keeps only its hash.
 */
export const DEPLOY_TOKEN_MARK = "hb_deploy_";
export const DEPLOY_PATH = "/api/v1/deploy";
/** The variable `hybridge deploy` reads the token from (or its `--token`). */
export const DEPLOY_TOKEN_VARIABLE = "HYBRIDGE_DEPLOY_TOKEN";
