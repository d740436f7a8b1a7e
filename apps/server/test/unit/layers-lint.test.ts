import path from 'node:path';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../../..') });
/** The messages one rule gives for `code` as if it were the file at `filePath`. */
const lintWith = (ruleId: string) => async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
};

/** The lint rule that keeps HTTP out of services, the engine, jobs, data and adapters (decision 019). */
describe('the layers lint rule', () => {
  const lint = lintWith('no-restricted-imports');
  const importsHttp = "import { STATUS_OF } from '../http/errors.js';\nexport const statuses = STATUS_OF;\n";

  it('fires when a service, the engine or a job imports HTTP', async () => {
    for (const file of [
      'apps/server/src/services/example.ts',
      'apps/server/src/engine/answer/example.ts',
      'apps/server/src/jobs/example.ts',
    ]) {
      expect(await lint(file, importsHttp), file).toEqual([expect.stringContaining('raise an AppError')]);
    }
    expect(
      await lint(
        'apps/server/src/services/example.ts',
        "import fastify from 'fastify';\nexport default fastify;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets routes and http/ import HTTP, and services import the neutral AppError', async () => {
    expect(await lint('apps/server/src/routes/example.ts', importsHttp)).toEqual([]);
    expect(
      await lint(
        'apps/server/src/services/example.ts',
        "import { AppError } from '../errors.js';\nexport const error = new AppError('notFound', 'Gone');\n",
      ),
    ).toEqual([]);
  });
});

/** The lint rule that keeps zod out of the processes and threads started per upload and per build. */
describe('the shared subpaths lint rule', () => {
  const lint = lintWith('no-restricted-imports');
  const importsEntry = "import { PLANS } from '@vuxo/shared';\nexport const plans = PLANS;\n";

  it('fires when the engine or an adapter imports the shared entry, and not for a subpath', async () => {
    for (const file of ['apps/server/src/engine/extract/example.ts', 'apps/server/src/adapters/example.ts']) {
      expect(await lint(file, importsEntry), file).toEqual([expect.stringContaining('zod-free subpath')]);
      expect(await lint(file, importsEntry.replace("shared'", "shared/plans'")), file).toEqual([]);
    }
    expect(await lint('apps/server/src/services/example.ts', importsEntry)).toEqual([]);
  });
});

/** The lint rule that lets a web feature use another only through its public entry (its index.ts). */
describe('the web feature boundaries lint rule', () => {
  const lint = lintWith('vuxo/feature-boundaries');
  const wizardFile = 'apps/web/src/features/wizard/hooks/example.ts';

  it("fires when a feature reaches into another feature's internals", async () => {
    expect(
      await lint(wizardFile, "import { useAuth } from '../../auth/use-auth';\nexport const x = useAuth;\n"),
    ).toEqual(["Import 'auth' through its public entry ('../../auth'), not its internals."]);
    expect(
      await lint(wizardFile, "export const load = () => import('../../dashboard/dashboard-page');\n"),
    ).toHaveLength(1);
  });

  it('lets a feature use its own files, another feature’s entry, and shared components', async () => {
    const fine = [
      "import { useAuth } from '../../auth';",
      "import { BotContactForm } from '../../dashboard/index';",
      "import { reducer } from '../state/bot-creation-state';",
      "import { Button } from '../../../components/ui/button';",
      'export const all = [useAuth, BotContactForm, reducer, Button];',
    ].join('\n');
    expect(await lint(wizardFile, fine)).toEqual([]);
    // The app shell loads pages lazily by their own path.
    expect(
      await lint(
        'apps/web/src/app/example.ts',
        "export const load = () => import('../features/wizard/wizard-page');\n",
      ),
    ).toEqual([]);
  });
});

/** The lint rule that keeps zod out of web pages that parse nothing: the web app imports shared subpaths. */
describe('the web shared-imports lint rule', () => {
  const lint = lintWith('no-restricted-imports');
  const file = 'apps/web/src/features/marketing/example.ts';

  it("fires on the shared package's entry and on its inner files", async () => {
    expect(await lint(file, "import { BRAND } from '@vuxo/shared';\nexport const b = BRAND;\n")).toEqual([
      expect.stringContaining('Import a subpath'),
    ]);
    expect(
      await lint(
        file,
        "import { botIdSchema } from '@vuxo/shared/schemas/dashboard';\nexport const s = botIdSchema;\n",
      ),
    ).toHaveLength(1);
    expect(
      await lint(
        'apps/web/src/widget-loader/widget-loader.ts',
        "import { WIDGET_LAYOUT } from '../../../../packages/shared/src/widget.js';\nexport const l = WIDGET_LAYOUT;\n",
      ),
    ).toEqual([expect.stringContaining('not its files')]);
  });

  it('lets the web app import a zod-free subpath and the schemas entry', async () => {
    const fine = [
      "import { BRAND } from '@vuxo/shared/brand';",
      "import { botIdSchema } from '@vuxo/shared/schemas';",
      'export const all = [BRAND, botIdSchema];',
    ].join('\n');
    expect(await lint(file, fine)).toEqual([]);
  });
});
