import { z } from 'zod';

/*
 * In a browser, zod's first object parse probes `new Function()` to compile faster parsers, which the site's
 * CSP (no eval) reports as a violation on every page. Browsers parse without the probe; the server keeps the
 * faster path. Imported first by the package's entry, so it runs before any schema parses.
 */
if ('window' in globalThis) z.config({ jitless: true });
