import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every domain has the same shape (docs/architecture.md, "Domain shape"): `<d>.routes.ts` and `<d>.admin-routes.ts`
 * parse, call a service and answer; `<d>.service.ts` holds the rules and runs in the transaction
 * its caller opens; `<d>.repository.ts` holds the SQL. Checked here over the whole tree: no file
 * but a repository writes SQL (routes, services, the simulator, the order path alike), and no
 * service opens a transaction unless it is listed below as the owner of its unit of work, with the
 * reason.
 */
const DOMAINS = path.join(import.meta.dirname, 'domains');

/**
 * The services that open their own transaction, each with why the unit is theirs rather than the
 * route's (or a platform helper's, such as `auditedChange` in platform/audit.ts). Mostly: slow work
 * (hashing a password, re-encoding an image, parsing a file) must finish before the transaction
 * starts and decides what goes into it.
 */
const TRANSACTION_OWNERS: Record<string, string> = {
  'admin/operators.service.ts':
    'operator sign-in/out: the failure count with its audit line, or the TOTP step, session and audit line, commit together after the password check',
  'auth/auth.service.ts':
    'sign-up (user and invitation use), sign-in (failure count, or session), password change and reset (hash, sessions revoked) each commit after hashing',
  'ipo/ipo.service.ts':
    'the draw and the listing settle thousands of subscriptions in chunks, a transaction each, so other writers wait little and a rerun resumes after the last committed chunk',
  'kyc/kyc.service.ts':
    'a submission row and the move to in_review commit after the images are re-encoded and stored, so a failure can remove the files',
  'market/import.service.ts':
    'a CSV import (instrument, bars, daily roll-up, import record, audit line) is one unit that starts after the file is parsed',
  'market/market.service.ts':
    'favorites: counting, positioning and inserting (or reordering them all) is one read-modify-write',
  'members/members.service.ts':
    'the end-of-day level review covers every investor in batches of 500, a transaction each (figures read before it), so other writers wait little and a rerun changes only what is still different',
  'portfolio/portfolio.service.ts':
    'the daily snapshots cover every investor in batches of 200, a transaction each (figures read before it), and mark the date done in one of its own',
  'news/news.service.ts':
    'a feed run fetches and parses the feed over the network first; its articles and result (or error) then commit in one unit',
  'support/support.service.ts':
    'an investor message finds or opens their conversation, writes itself and the unread count in one unit, and is published to the stream only after it commits',
  'users/trading-password.service.ts':
    'a wrong trading password counts its failure in a write of its own; its callers check the password before their own unit',
  'wallet/cards.service.ts':
    'unbinding checks for a pending withdrawal and removes the card in one unit, so no withdrawal slips in between',
};

const SQL_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom']);

function sourceOf(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

function each(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  ts.forEachChild(node, (child) => each(child, visit));
}

function where(source: ts.SourceFile, node: ts.Node, what: string): string {
  return `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`;
}

/** The start of a SQL statement (a `select` must also have its `from`, so prose is not mistaken for it). */
const SQL_TEXT =
  /^\s*(select\s[\s\S]*\sfrom\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s|with\s+\w+\s+as\s*\()/i;

/** A string or template argument that is SQL text (a template's literal parts read together). */
function isSqlText(argument: ts.Expression | undefined): boolean {
  if (!argument) return false;
  if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) return SQL_TEXT.test(argument.text);
  if (ts.isTemplateExpression(argument)) {
    return SQL_TEXT.test([argument.head.text, ...argument.templateSpans.map((span) => span.literal.text)].join(' x '));
  }
  return false;
}

/** `file:line what` of every query builder call (`.selectFrom(` …) and raw `sql` template or helper. */
function sqlIn(file: string, text: string): string[] {
  const source = sourceOf(file, text);
  const found: string[] = [];
  each(source, (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      SQL_BUILDERS.has(node.expression.name.text)
    ) {
      found.push(where(source, node, node.expression.name.text));
    } else if (ts.isCallExpression(node) && isSqlText(node.arguments[0])) {
      // SQL text handed to a runner (`run.get('select …')`, the order path's prepared statements).
      found.push(where(source, node, 'SQL text'));
    } else if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      found.push(where(source, node, 'sql``'));
    } else if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'sql'
    ) {
      found.push(where(source, node, `sql.${node.name.text}`));
    }
  });
  return found;
}

/** `file:line` of every `.transaction(` call (a DatabaseHandle's, or Kysely's `db.transaction()`). */
function transactionsIn(file: string, text: string): string[] {
  const source = sourceOf(file, text);
  const found: string[] = [];
  each(source, (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'transaction'
    ) {
      found.push(where(source, node, 'transaction'));
    }
  });
  return found;
}

/** `file:line` of every job defined (an object literal with a `nextDueAt`, platform/jobs.ts's Job). */
function jobsIn(file: string, text: string): string[] {
  const source = sourceOf(file, text);
  const found: string[] = [];
  each(source, (node) => {
    if (
      ts.isObjectLiteralExpression(node) &&
      node.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'nextDueAt')
    ) {
      found.push(where(source, node, 'job'));
    }
  });
  return found;
}

/** Paths under domains/ (relative, with `/`) of the files whose name passes `keep`. */
function domainFiles(keep: (relative: string) => boolean): string[] {
  return readdirSync(DOMAINS, { recursive: true, encoding: 'utf8' })
    .map((relative) => relative.split(path.sep).join('/'))
    .filter(keep)
    .sort();
}

const read = (relative: string) => readFileSync(path.join(DOMAINS, relative), 'utf8');
const routeFiles = domainFiles((file) => file.endsWith('routes.ts'));
// Every source file of a domain but its repositories (and tests, which set up rows directly).
const nonRepositoryFiles = domainFiles(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.repository.ts'),
);
// Only the services directly in a domain's folder (domains/<d>/<name>.service.ts).
const serviceFiles = domainFiles((file) => /^[^/]+\/[^/]+\.service\.ts$/.test(file));

describe('the checks themselves', () => {
  it('find query builders and raw SQL, not the words in comments or strings', () => {
    const sample = [
      "const a = await db.selectFrom('users').selectAll().execute();",
      "await trx.insertInto('x').values(v).execute(); await trx.updateTable('x').set(v).execute();",
      "await db.deleteFrom('x').execute();",
      'const b = sql<boolean>`1 = 1`;',
      'const c = sql.raw("now()");',
      '// selectFrom( in a comment, and sql` too',
      "const d = 'insertInto(';",
      'const e = repo.findUser(db, 1);',
      "const f = await run.get('select lang from users where id = ?', [1]);",
      'const g = await run.all(`select ${COLUMNS} from orders`);',
      "const h = t('select a language');",
    ].join('\n');
    expect(sqlIn('sample.ts', sample)).toEqual([
      'sample.ts:1 selectFrom',
      'sample.ts:2 insertInto',
      'sample.ts:2 updateTable',
      'sample.ts:3 deleteFrom',
      'sample.ts:4 sql``',
      'sample.ts:5 sql.raw',
      'sample.ts:9 SQL text',
      'sample.ts:10 SQL text',
    ]);
  });

  it('find a transaction opened either way', () => {
    const sample = [
      'await ctx.database.transaction(async (trx) => change(trx));',
      'await db.transaction().execute(async (trx) => change(trx));',
      '// database.transaction( in a comment',
      'await auditedChange(ctx, request, entry, change);',
    ].join('\n');
    expect(transactionsIn('sample.ts', sample)).toEqual(['sample.ts:1 transaction', 'sample.ts:2 transaction']);
  });

  it('read the tree', () => {
    expect(routeFiles).toEqual(expect.arrayContaining(['users/users.admin-routes.ts', 'wallet/wallet.routes.ts']));
    expect(serviceFiles).toEqual(expect.arrayContaining(['users/users.service.ts', 'wallet/wallet.service.ts']));
  });
});

describe('every domain has the same shape', () => {
  it('keeps SQL out of the route files: they parse, call a service and answer', () => {
    expect(routeFiles.flatMap((file) => sqlIn(file, read(file)))).toEqual([]);
  });

  it('keeps all SQL in the repositories', () => {
    expect(nonRepositoryFiles).toEqual(expect.arrayContaining(['market/simulator.ts', 'trading/fill-units.ts']));
    expect(nonRepositoryFiles.flatMap((file) => sqlIn(file, read(file)))).toEqual([]);
  });

  it('defines scheduled work only in <domain>.jobs.ts', () => {
    expect(jobsIn('sample.ts', 'const job = { name: "x", nextDueAt: () => null, run };')).toEqual(['sample.ts:1 job']);
    const jobFiles = nonRepositoryFiles.filter((file) => jobsIn(file, read(file)).length > 0);
    expect(jobFiles).toContain('trading/trading.jobs.ts');
    expect(jobFiles.filter((file) => !file.endsWith('.jobs.ts'))).toEqual([]);
  });

  it('lets only the listed services open a transaction; the others run in their caller’s', () => {
    const opening = serviceFiles.filter((file) => transactionsIn(file, read(file)).length > 0);
    const unlisted = opening.filter((file) => !(file in TRANSACTION_OWNERS));
    expect(unlisted, 'open the transaction in the route (or a platform helper) and pass `trx` down').toEqual([]);
    // An entry whose service no longer opens one goes too, so the list stays true.
    const stale = Object.keys(TRANSACTION_OWNERS).filter((file) => !opening.includes(file));
    expect(stale, 'these no longer open a transaction: take them off TRANSACTION_OWNERS').toEqual([]);
  });
});
