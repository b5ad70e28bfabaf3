import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * The console reads the server's answers with the wire schemas of `packages/shared` and never with
 * copies of its own: a copy drifts (a field missing, a pattern looser) and nothing notices. This
 * checks the console's API modules and `lib/` mechanically, by name and by shape.
 */

const sharedSources = import.meta.glob<string>('../../../packages/shared/src/schemas/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const sharedModules = import.meta.glob<Record<string, unknown>>('../../../packages/shared/src/schemas/*.ts', {
  eager: true,
});
const consoleSources = import.meta.glob<string>(['./features/*/api/*.ts', './lib/*.ts', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const parse = (path: string, text: string) => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);

const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a module declares at its top level (values and types), exported or not. */
function declaredNames(source: ts.SourceFile, exportedOnly: boolean): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    if (exportedOnly && !hasExport(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    } else if (
      (ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    }
  }
  return names;
}

/** The property names of every object shape written out in a module: zod objects, interfaces, type literals. */
function writtenShapes(source: ts.SourceFile): Array<{ line: number; keys: string[] }> {
  const shapes: Array<{ line: number; keys: string[] }> = [];
  const keyOf = (name: ts.PropertyName | undefined) =>
    name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
  const add = (node: ts.Node, keys: Array<string | undefined>) =>
    shapes.push({
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      keys: keys.filter((key): key is string => key !== undefined),
    });
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['object', 'strictObject', 'looseObject', 'extend'].includes(node.expression.name.text)
    ) {
      const [shape] = node.arguments;
      if (shape && ts.isObjectLiteralExpression(shape)) {
        add(
          shape,
          shape.properties.map((p) => (ts.isShorthandPropertyAssignment(p) ? p.name.text : keyOf(p.name))),
        );
      }
    }
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
      add(
        node,
        node.members.map((m) => (ts.isPropertySignature(m) ? keyOf(m.name) : undefined)),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return shapes;
}

/** Requests are built from the screens' own state; the shape check is about what the server answers. */
const isRequestSchema = (name: string) => /(Query|Body|Params|Input|Patch|Fields|Payload|Update)$/.test(name);

/** Every object schema inside the shared answer schemas, nested ones included, as sorted key lists. */
function sharedShapes(): Map<string, string> {
  const shapes = new Map<string, string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown, where: string) => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    if (schema instanceof z.ZodObject) {
      const shape = schema.shape as Record<string, unknown>;
      const keys = Object.keys(shape).sort().join(',');
      if (!shapes.has(keys)) shapes.set(keys, where);
      for (const [key, value] of Object.entries(shape)) walk(value, `${where}.${key}`);
    } else if (schema instanceof z.ZodArray) {
      walk(schema.element, `${where}[]`);
    } else if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
      walk(schema.unwrap(), where);
    } else if (schema instanceof z.ZodUnion) {
      schema.options.forEach((option, i) => walk(option, `${where}|${i}`));
    }
  };
  for (const [path, module] of Object.entries(sharedModules)) {
    const file = path.split('/').at(-1);
    for (const [name, value] of Object.entries(module)) {
      if (!isRequestSchema(name)) walk(value, `${file}: ${name}`);
    }
  }
  return shapes;
}

/**
 * Shapes that look like a shared answer schema but are not a copy of one, each with the reason:
 * keyed by module and sorted keys.
 */
const NOT_COPIES: Record<string, string> = {
  './lib/request.ts code,data,details,error,msg':
    'the client reads either envelope leniently (success with data, or a refusal with its details) before telling them apart',
};

/** Two key sets are one shape when at least three quarters of all their keys are common to both. */
function sameShape(a: string[], b: string[]): boolean {
  const common = a.filter((key) => b.includes(key)).length;
  return common / new Set([...a, ...b]).size >= 0.75;
}

describe('the console uses the shared wire schemas', () => {
  it('finds the modules it checks', () => {
    expect(Object.keys(sharedSources).length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(consoleSources).some((path) => path.includes('/api/'))).toBe(true);
    expect(Object.keys(consoleSources).some((path) => path.startsWith('./lib/'))).toBe(true);
  });

  it('declares no name that a shared schema module exports (import it instead)', () => {
    const exported = new Map<string, string>();
    for (const [path, text] of Object.entries(sharedSources)) {
      for (const name of declaredNames(parse(path, text), true)) exported.set(name, path.split('/').at(-1) ?? path);
    }
    expect(exported.has('AdminUser') && exported.has('feeSettings')).toBe(true);

    const restated = Object.entries(consoleSources).flatMap(([path, text]) =>
      declaredNames(parse(path, text), false)
        .filter((name) => exported.has(name))
        .map((name) => `${path}: ${name} (exported by ${exported.get(name)})`),
    );
    expect(restated).toEqual([]);
  });

  it('writes out no object shape of a shared answer schema (parse with the shared one instead)', () => {
    const shared = sharedShapes();
    expect(shared.size).toBeGreaterThan(20);

    const restated = Object.entries(consoleSources).flatMap(([path, text]) =>
      writtenShapes(parse(path, text))
        .filter(({ keys }) => keys.length >= 3 && !(`${path} ${[...keys].sort().join(',')}` in NOT_COPIES))
        .flatMap(({ line, keys }) =>
          [...shared]
            .filter(([sharedKeys]) => sharedKeys.split(',').length >= 3 && sameShape(keys, sharedKeys.split(',')))
            .map(([, where]) => `${path}:${line} {${keys.join(', ')}} restates ${where}`),
        ),
    );
    expect(restated).toEqual([]);
  });
});
