import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The client's layers are kept by `npm run lint`: these tests run the project's ESLint
// configuration on code that breaks them and expect its errors.
const root = path.resolve(import.meta.dirname, '../..');
const configFile = path.join(root, 'eslint.config.js');

const problems = (result: ESLint.LintResult) => result.messages.map((m) => ({ rule: m.ruleId, line: m.line }));

describe('the lint configuration keeps the client layers', () => {
  const project = new ESLint({ cwd: root, overrideConfigFile: configFile });

  it('forbids a shared component to import a feature', async () => {
    const code = "import { CartDropdown } from '../../features/cart';\n\nexport const panel = CartDropdown;\n";
    const [result] = await project.lintText(code, { filePath: path.join(root, 'src/client/components/layout/lint-fixture.ts') });
    expect(problems(result!)).toEqual([{ rule: 'no-restricted-imports', line: 1 }]);
  });

  it('lets a shared component take what it needs from app', async () => {
    const code = "import { setCurrency } from '../../app/currency-slice';\n\nexport const choose = setCurrency;\n";
    const [result] = await project.lintText(code, { filePath: path.join(root, 'src/client/components/layout/lint-fixture.ts') });
    expect(problems(result!)).toEqual([]);
  });

  it('lets a feature use another through its index when nothing imports it back', async () => {
    const code =
      "import { OrderSummary } from '../../components/order/order-summary';\nimport { setUser } from '../account';\n\nexport const x = [OrderSummary, setUser];\n";
    const [result] = await project.lintText(code, { filePath: path.join(root, 'src/client/features/checkout/lint-fixture.ts') });
    expect(problems(result!)).toEqual([]);
  });

  it('refuses fetch in shared components too, and lets src/client/app talk HTTP itself', async () => {
    const code = "export const load = () => fetch('/api/settings');\n";
    const [component] = await project.lintText(code, { filePath: path.join(root, 'src/client/components/layout/lint-fixture.ts') });
    expect(problems(component!)).toEqual([{ rule: 'layers/no-direct-api-call', line: 1 }]);
    const [app] = await project.lintText(code, { filePath: path.join(root, 'src/client/app/lint-fixture.ts') });
    expect(problems(app!)).toEqual([]);
  });

  it("refuses i18next's code and react-i18next anywhere, and lets i18next's types in (decision 026)", async () => {
    const code =
      "import i18next from 'i18next';\nimport { useTranslation } from 'react-i18next';\nimport type { ParseKeys } from 'i18next';\n\nexport const x: [unknown, unknown, ParseKeys | undefined] = [i18next, useTranslation, undefined];\n";
    for (const file of ['src/client/features/cart/lint-fixture.ts', 'src/server/lint-fixture.ts', 'src/shared/lint-fixture.ts']) {
      const [result] = await project.lintText(code, { filePath: path.join(root, file) });
      // (src/shared also refuses react-i18next as a React library, under its own rule.)
      expect(problems(result!).filter((p) => p.rule === '@typescript-eslint/no-restricted-imports')).toEqual([
        { rule: '@typescript-eslint/no-restricted-imports', line: 1 },
        { rule: '@typescript-eslint/no-restricted-imports', line: 2 },
      ]);
    }
  });

  describe('on a fixture project (tests/lint-fixtures)', () => {
    const fixtures = path.join(root, 'tests/lint-fixtures');
    const lint = async (file: string) => {
      const eslint = new ESLint({ cwd: fixtures, overrideConfigFile: configFile });
      const [result] = await eslint.lintFiles([path.join(fixtures, 'src/client/features', file)]);
      return result!;
    };

    it('finds two features that import each other through their indexes', async () => {
      const a = await lint('a/a-page.ts');
      expect(problems(a)).toEqual([{ rule: 'layers/no-feature-cycle', line: 3 }]);
      expect(a.messages[0]!.message).toContain("a -> b (b/b-page.ts imports '../a') -> a");
      expect(problems(await lint('b/b-page.ts'))).toEqual([{ rule: 'layers/no-feature-cycle', line: 1 }]);
    });

    it('lets a feature build on two others', async () => {
      expect(problems(await lint('c/index.ts'))).toEqual([]);
    });

    it('refuses a feature that calls fetch, XMLHttpRequest or apiRequest instead of an RTK Query endpoint', async () => {
      const result = await lint('d/calls-fetch.ts');
      expect(problems(result)).toEqual([
        { rule: 'layers/no-direct-api-call', line: 2 },
        { rule: 'layers/no-direct-api-call', line: 5 },
        { rule: 'layers/no-direct-api-call', line: 6 },
        { rule: 'layers/no-direct-api-call', line: 7 },
      ]);
      expect(result.messages[1]!.message).toContain('RTK Query endpoint');
    });

    it('lets a feature call the API through an endpoint', async () => {
      expect(problems(await lint('d/uses-endpoint.ts'))).toEqual([]);
    });
  });
});
