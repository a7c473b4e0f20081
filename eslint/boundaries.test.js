// @ts-check
import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import tseslint from 'typescript-eslint';
import plugin from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, '..');
const zones = [
  { target: 'packages/engine', from: ['packages/db', 'apps'], message: 'The engine is pure.' },
  {
    target: 'apps/web',
    from: ['packages/db', 'apps/server'],
    message: 'The web app never imports db or server code.',
  },
];
const at = (file) => path.join(root, file);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});

tester.run('sealplan/boundaries', plugin.rules.boundaries, {
  valid: [
    { filename: at('packages/engine/src/a.ts'), code: "import { b } from './b';", options: [{ zones }] },
    {
      filename: at('apps/web/src/x.ts'),
      code: "import { z } from '@sealplan/contracts';",
      options: [{ zones }],
    },
    { filename: at('apps/web/src/x.ts'), code: "import { z } from 'zod';", options: [{ zones }] },
    // A file outside every zone may import anything.
    { filename: at('e2e/tests/a.ts'), code: "import { db } from '@sealplan/db';", options: [{ zones }] },
  ],
  invalid: [
    {
      filename: at('packages/engine/src/a.ts'),
      code: "import { db } from '@sealplan/db/schema';",
      options: [{ zones }],
      errors: [{ message: "The engine is pure. ('@sealplan/db/schema')" }],
    },
    {
      filename: at('apps/web/src/features/x/y.ts'),
      code: "export { app } from '../../../../server/src/app';",
      options: [{ zones }],
      errors: [{ message: "The web app never imports db or server code. ('../../../../server/src/app')" }],
    },
    {
      filename: at('apps/web/src/x.ts'),
      code: "const m = await import('@sealplan/server');",
      options: [{ zones }],
      errors: 1,
    },
  ],
});
