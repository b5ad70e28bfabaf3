import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../platform/config.ts';

/**
 * Trading, the wallet and the IPO keep to their own tables: an instrument's code and name come from the
 * market domain's service, settings from the settings domain's, a user's phone or row lock from the
 * users domain's, operators from theirs. This test reads the source of both domains (tests aside)
 * and fails on any SQL string or Kysely table name that names another domain's table.
 */
const FOREIGN_TABLES = ['instruments', 'users', 'settings', 'operators'] as const;
const SCANNED = [
  'apps/server/src/domains/trading',
  'apps/server/src/domains/wallet',
  'apps/server/src/domains/ipo',
  'apps/server/src/domains/loans',
  'apps/server/src/domains/members',
  'apps/server/src/domains/news',
  'apps/server/src/domains/support',
];

const names = FOREIGN_TABLES.join('|');
/** A Kysely table or column reference: `'users'`, `'instruments as i'`, `'settings.value'`. */
const KYSELY_REFERENCE = new RegExp(`^\\s*(${names})(\\s+as\\s+\\w+|\\.\\w+)?\\s*$`);
/** Text that reads as SQL. */
const SQL_TEXT = /\b(select|insert|update|delete)\b/i;
/** A foreign table as a whole word in SQL (not a column such as `instrument_id`, not after `x.`). */
const SQL_REFERENCE = new RegExp(`(?<![\\w."])"?(${names})"?(?![\\w])`, 'i');

/** `file:line: text` of each string or template text that references another domain's table. */
function foreignTableReferences(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // A template is read whole: its SQL keyword and its table may sit on either side of a `${…}`.
    const value =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text + node.templateSpans.map((span) => ` \${} ${span.literal.text}`).join('')
          : undefined;
    if (value !== undefined && (KYSELY_REFERENCE.test(value) || (SQL_TEXT.test(value) && SQL_REFERENCE.test(value)))) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${file}:${line}: ${value.replace(/\s+/g, ' ').trim()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('table ownership of trading and the wallet', () => {
  it('finds another domain’s table in SQL and Kysely calls, and nothing else', () => {
    const sample = [
      "db.selectFrom('orders as o').innerJoin('instruments as i', 'i.id', 'o.instrumentId');",
      "trx.selectFrom('users').select('id').forUpdate();",
      'run.get(`select key, value from settings`);',
      'run.get(`select o.id from orders o join instruments i on i.id = o.instrument_id where o.id = ?`);',
      "db.selectFrom('operators as op').select('op.username');",
      "db.selectFrom('x').where('users.id', '=', 1);",
      'sql`update "users" set lang = ${lang}`;',
      'run.get(`select ${COLUMNS} from positions p join instruments i on i.id = p.instrument_id where p.id = ?${lock}`);',
      // None of these is a reference to another domain's table:
      '// the open orders of the instruments that moved, users as investors, settings',
      "db.selectFrom('orders').select(['instrumentId', 'userId']).where('status', '=', 'new');",
      'run.get(`select instrument_id as "instrumentId", user_id as "userId" from orders where id = ?`);',
      "const message = 'users of the instruments screen';",
      "db.selectFrom('positions').where('instrumentId', 'in', instrumentIds);",
    ].join('\n');
    expect(foreignTableReferences('sample.ts', sample).map((hit) => hit.split(':')[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
  });

  it('reads instruments, settings, users and operators only through their domains’ services', () => {
    const files = SCANNED.flatMap((dir) =>
      readdirSync(path.join(REPO_ROOT, dir))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .map((name) => `${dir}/${name}`),
    );
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      foreignTableReferences(file, readFileSync(path.join(REPO_ROOT, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
