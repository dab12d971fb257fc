import { z } from "zod";

/*
 * The server's CSP has no 'unsafe-eval'. Zod's JIT probes `new Function` when it builds an object
 * schema, and Chromium reports that probe as a CSP violation even though zod catches it. Turning
 * the JIT off skips the probe; it must run before any schema module is evaluated, so main.tsx
 * imports this module first.
 */
z.config({ jitless: true });
