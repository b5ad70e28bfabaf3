import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config.ts';

/**
 * The files every order placement runs through (main thread and order writer thread). In them an
 * object literal never has a property after a spread: Node 20's V8 adds such properties on a slow
 * path that copies the object's property store once per property — 5 KB of garbage for an order row,
 * 16 KB for the order as written — and that garbage made the writer thread's scavenges 4–10 ms long
 * (docs/performance.md, "Object spreads in the order path"; `npm run bench:spread` shows the cost).
 */
const ORDER_PATH = [
  'apps/server/src/domains/trading/trading.service.ts',
  'apps/server/src/domains/trading/order-rules.ts',
  'apps/server/src/domains/trading/fill-units.ts',
  'apps/server/src/domains/trading/trading.repository.ts',
  'apps/server/src/domains/trading/order-placement.ts',
  'apps/server/src/domains/trading/order-writer.ts',
  'apps/server/src/domains/trading/order-writer.worker.ts',
  'apps/server/src/domains/trading/trading.routes.ts',
  'apps/server/src/platform/ledger/ledger.ts',
  'apps/server/src/domains/trading/order-wire.ts',
  'apps/server/src/platform/money-command.ts',
  'apps/server/src/platform/money-route.ts',
  'apps/server/src/platform/db/write-queue.ts',
  'apps/server/src/platform/db/sql-runner.ts',
];

/** `file:line` of every object literal with a property after a spread. */
function propertiesAfterSpread(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const firstSpread = node.properties.findIndex((property) => ts.isSpreadAssignment(property));
      const after = firstSpread >= 0 && node.properties.slice(firstSpread).some((p) => !ts.isSpreadAssignment(p));
      if (after) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('object literals on the order path', () => {
  it('finds a property after a spread, and nothing else', () => {
    const sample = [
      'const a = { ...base, side: "buy" };',
      'const b = { side: "buy", ...base };',
      'const c = { ...base, ...more };',
      'const d = { x: { ...base, y: 1 } };',
    ].join('\n');
    expect(propertiesAfterSpread('sample.ts', sample)).toEqual(['sample.ts:1', 'sample.ts:4']);
  });

  it('spells properties out instead of adding them after a spread', () => {
    const found = ORDER_PATH.flatMap((file) =>
      propertiesAfterSpread(file, readFileSync(path.join(REPO_ROOT, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
