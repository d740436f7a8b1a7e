/**
 * Stands in for zod in the light /embed build only (see apps/web/vite.config.ts). @vuxo/shared builds its
 * schemas when it loads; the chat reads none of them (it checks answers by hand), so in that bundle every
 * schema is this inert stand-in and the schema library stays out of the first load. Parsing with it is a
 * bug, and says so.
 */
const refuse = () => {
  throw new Error('Schemas are not part of the /embed bundle: check the value by hand.');
};

const handler: ProxyHandler<() => void> = {
  get: (_target, key) => (key === 'parse' || key === 'safeParse' || key === 'parseAsync' ? refuse : stub),
  apply: () => stub,
};

const stub: unknown = new Proxy(function schema() {}, handler);

export const z = stub;
export class ZodError extends Error {}
export default stub;
