import { bigint, check, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, inList } from "./helpers";

/** The states of a dev-app build (apps/server/src/features/dev-app/build-dev-app.ts). */
export const DEV_APP_BUILD_STATES = ["building", "ready", "failed"] as const;

/**
 * The server's dev-app signing key (Hybridge Dev, decision 049): generated once, the keystore and
 * its password sealed with the server's secret like the projects' upload keys, for the owner
 * "dev-app". One row (id "dev-app"); its certificate's fingerprint is each build's: every instance signs with the same key, so that the App
 * Link's assetlinks.json and every APK served agree.
 */
export const devAppKeys = pgTable("dev_app_keys", {
  id: text("id").primaryKey(),
  keystoreSealed: text("keystore_sealed").notNull(),
  passwordSealed: text("password_sealed").notNull(),
  alias: text("alias").notNull(),
  createdAt: createdAt(),
});

/**
 * The dev app's builds, one per build key (what the APK is made of: its version, PUBLIC_URL's
 * host, the shell's sources). The row is also the lock: the instance whose INSERT … ON CONFLICT
 * DO NOTHING lands builds; the others wait for it, or take over a claim left too long.
 */
export const devAppBuilds = pgTable(
  "dev_app_builds",
  {
    buildKey: varchar("build_key", { length: 64 }).primaryKey(),
    state: varchar("state", { length: 10 }).notNull(),
    versionCode: integer("version_code").notNull(),
    versionName: text("version_name").notNull(),
    /** The APK in the server's storage, recorded in stored_files (kept by the sweep). */
    fileKey: varchar("file_key", { length: 300 }),
    size: bigint("size", { mode: "number" }),
    sha256: text("sha256"),
    /** SHA-256 of the signing certificate's DER, lower-case hex (what assetlinks.json lists). */
    certSha256: text("cert_sha256"),
    /** A failed build's reason, for the operator (the log has the rest). */
    error: text("error"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * When an instance last said it serves this build (its build key is the instance's): at its
     * start and every hour. Builds no instance has served for a while are removed with their
     * files (features/dev-app/old-builds.ts).
     */
    servedAt: timestamp("served_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("dev_app_builds_state_check", inList("state", DEV_APP_BUILD_STATES))],
);
