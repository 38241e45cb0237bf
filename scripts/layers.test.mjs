// The layering rules of .dependency-cruiser.cjs (docs/decisions.md §31) can fail: each case
// writes a few modules in the repository's layout to a scratch folder, cruises them with the
// repository's rules through dependency-cruiser's API, and expects exactly the rules it names.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');

const scratch = mkdtempSync(path.join(tmpdir(), 'ziver-layers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Cruises `files` (path → source; imports are relative, as in the repository) and returns the
 * names of the rules they break, sorted.
 */
async function brokenRules(name, files) {
  const root = path.join(scratch, name);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const workspaces = [...new Set(Object.keys(files).map((file) => file.split('/')[0]))];
  const { output } = await cruise(workspaces, {
    ...config.options,
    webpackConfig: undefined,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    outputType: 'json',
  });
  const result = typeof output === 'string' ? JSON.parse(output) : output;
  return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort();
}

const ok = 'export const value = 1;\n';

describe('the layering rules', () => {
  it('let a server feature import a feature of a lower rank, and a test import anything', async () => {
    expect(
      await brokenRules('allowed', {
        'server/src/features/transactions/post.ts': ok,
        'server/src/features/users/claim.ts':
          "import { value } from '../transactions/post';\nexport const x = value;\n",
        'server/src/features/admin/manage.ts': "import { x } from '../users/claim';\nexport const y = x;\n",
        'server/src/features/transactions/post.test.ts': "import { y } from '../admin/manage';\nexport const z = y;\n",
        'server/src/app.ts': "import { y } from './features/admin/manage';\nexport const app = y;\n",
      }),
    ).toEqual([]);
  });

  it('refuse a server feature importing one of a higher rank or of its own rank', async () => {
    expect(
      await brokenRules('server-ranks', {
        'server/src/features/users/find.ts': ok,
        'server/src/features/tasks/evaluate.ts': ok,
        'server/src/features/transactions/post.ts': "import { value } from '../users/find';\nexport const x = value;\n",
        'server/src/features/mining/claim.ts': "import { value } from '../tasks/evaluate';\nexport const y = value;\n",
      }),
    ).toEqual(['server-feature-rank-1', 'server-feature-rank-4']);
  });

  it('rank a feature named nowhere as a product feature: below telegram and admin, apart from the others', async () => {
    expect(
      await brokenRules('server-product', {
        'server/src/features/users/find.ts': ok,
        'server/src/features/mining/claim.ts': ok,
        'server/src/features/polls/vote.ts': "import { value } from '../users/find';\nexport const x = value;\n",
        'server/src/features/telegram/notify.ts': "import { x } from '../polls/vote';\nexport const y = x;\n",
        'server/src/features/admin/manage.ts': "import { x } from '../polls/vote';\nexport const y = x;\n",
      }),
    ).toEqual([]);
    expect(
      await brokenRules('server-product-apart', {
        'server/src/features/mining/claim.ts': ok,
        'server/src/features/telegram/notify.ts': ok,
        'server/src/features/polls/vote.ts':
          "import { value } from '../mining/claim';\nimport { value as sent } from '../telegram/notify';\nexport const x = value + sent;\n",
        'server/src/features/transactions/post.ts': "import { x } from '../polls/vote';\nexport const y = x;\n",
      }),
    ).toEqual(['server-feature-rank-1', 'server-feature-rank-4']);
  });

  it('refuse platform code importing a feature or the composition root', async () => {
    expect(
      await brokenRules('server-layers', {
        'server/src/app.ts': ok,
        'server/src/features/users/find.ts': ok,
        'server/src/platform/http.ts':
          "import { value } from '../features/users/find';\nimport { value as app } from '../app';\nexport const x = value + app;\n",
      }),
    ).toEqual(['server-platform-below-features-composition']);
  });

  it('refuse code importing test support, and an import cycle', async () => {
    expect(
      await brokenRules('cycles', {
        'server/src/testing/factories.ts': ok,
        'server/src/platform/a.ts': "import { b } from './b';\nexport const a = 1 + b;\n",
        'server/src/platform/b.ts':
          "import type { a } from './a';\nimport { value } from '../testing/factories';\nexport const b: typeof a = value;\n",
      }),
    ).toEqual(['no-circular', 'no-test-support-in-code']);
  });

  it('refuse crossing workspaces the wrong way', async () => {
    expect(
      await brokenRules('workspaces', {
        'server/src/platform/config.ts': ok,
        'bot/src/bot.ts': ok,
        'bot/src/features/help.ts': ok,
        'shared/src/index.ts': "import { value } from '../../server/src/platform/config';\nexport const x = value;\n",
        'bot/src/services.ts': "import { value } from '../../server/src/platform/config';\nexport const x = value;\n",
        'server/src/features/health/routes.ts':
          "import { value } from '../../../../bot/src/features/help';\nexport const x = value;\n",
      }),
    ).toEqual(['bot-imports-shared-only', 'bot-through-its-entries', 'shared-imports-no-workspace']);
  });

  it('refuse a mini app feature importing another, and the lower layers importing features', async () => {
    expect(
      await brokenRules('miniapp', {
        'miniapp/src/features/profile/avatar.ts': ok,
        'miniapp/src/features/tasks/list.ts': "import { value } from '../profile/avatar';\nexport const x = value;\n",
        'miniapp/src/i18n/index.ts': "import { value } from '../features/profile/avatar';\nexport const x = value;\n",
        'miniapp/src/config/navigation.ts': "import { value } from '../components/icons';\nexport const x = value;\n",
        'miniapp/src/components/icons.ts': ok,
        'miniapp/src/app/app.ts': "import { x } from '../features/tasks/list';\nexport const y = x;\n",
      }),
    ).toEqual([
      'miniapp-config-below-lib-i18n-components-features-app',
      'miniapp-features-apart',
      'miniapp-i18n-below-components-features-app',
    ]);
  });
});
