// The yardstick of bench/api.mjs (docs/decisions/026-server-performance.md): a bare Fastify
// server with postgres-js running the same SQL as the product's GET /api/projects and
// GET /api/session, on the same database, and nothing else — no validation, no security headers,
// no cookie signature check, no logging. What the product costs beyond this is the price of its
// own code.
//
//   DATABASE_URL=postgres://… PORT=4100 node bench/minimal-server.mjs
import Fastify from "fastify";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL, { max: 10, onnotice: () => {} });
const app = Fastify({ logger: false });

const SESSION = `select "session"."id", "session"."created_at", "session"."expires_at", "user"."id" as "user_id", "user"."email"
  from "session" inner join "user" on "user"."id" = "session"."user_id" where "session"."token" = $1 limit $2`;
const PROJECTS = `select "projects"."id", "projects"."name", "projects"."key_app", "projects"."description", "projects"."segment",
  "projects"."color", "projects"."statusbar", "projects"."nav_bar_type", "projects"."ic_launch_file_url",
  "projects"."ic_notification_file_url", "projects"."status", "projects"."admin_id", "projects"."tester", "projects"."created_at",
  coalesce(sum("install_counters"."count") filter (where "install_counters"."platform" = $1), 0) as "apple",
  coalesce(sum("install_counters"."count") filter (where "install_counters"."platform" = $2), 0) as "android"
  from "projects" left join "install_counters" on "install_counters"."project_id" = "projects"."id"
  where "projects"."admin_id" = $3 group by "projects"."id" order by "projects"."created_at" desc, "projects"."id" desc`;

/** The session's user, from the cookie's token (its signature is not even checked). */
async function user(request) {
  const value = /better-auth\.session_token=([^;]+)/.exec(request.headers.cookie ?? "")?.[1];
  if (!value) return null;
  const signed = decodeURIComponent(value);
  const token = signed.slice(0, signed.lastIndexOf("."));
  const [row] = await sql.unsafe(SESSION, [token, 1], { prepare: true });
  return row && row.expires_at > new Date() ? { id: row.user_id, email: row.email } : null;
}

app.get("/session", async (request) => {
  const found = await user(request);
  return { user: found ? { ...found, isAdmin: false } : null };
});

app.get("/projects", async (request, reply) => {
  const found = await user(request);
  if (!found) return reply.code(401).send({ code: "UNAUTHENTICATED", message: "Not Logged In" });
  const rows = await sql.unsafe(PROJECTS, ["apple", "android", found.id], { prepare: true });
  return {
    projects: rows.map((row) => ({
      id: row.id,
      name: row.name,
      keyApp: row.key_app,
      description: row.description,
      segment: row.segment,
      color: row.color,
      statusbar: row.statusbar,
      navBarType: row.nav_bar_type,
      icLaunchFileUrl: row.ic_launch_file_url,
      icNotificationFileUrl: row.ic_notification_file_url,
      status: row.status,
      createdAt: row.created_at.toISOString(),
      installs: { apple: Number(row.apple), android: Number(row.android) },
    })),
  };
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", async () => {
  await app.close();
  await sql.end();
  process.exit(0);
});
