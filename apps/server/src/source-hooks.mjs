/**
 * Lets Node run the server's TypeScript sources itself (type stripping, Node 22.18 and later), for the child
 * processes started from the sources in tests and in development (decision 046). The sources import each other
 * as `.js`, as the compiled output is named; where only the `.ts` exists, that is loaded instead. The hook runs
 * in the loading thread, unlike tsx's, so the child starts in a fraction of the time and with one isolate.
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const relativeJs = /^\.\.?\//.test(specifier) && specifier.endsWith('.js');
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !relativeJs) throw error;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
  },
});
