/**
 * The import rules of docs/architecture.md, checked on the source with the TypeScript compiler API:
 * - no import cycle between files of server/, shared/, webapp/ or extension/ (type-only imports count:
 *   a type cycle still ties the files together);
 * - no cycle between the feature folders of server/ (server/<feature>/...);
 * - server/sandbox/ and the rest of server/ never import each other, except the product's one dynamic
 *   import that starts the sandbox in demo mode;
 * - no file of webapp/features/<a>/ imports a file of webapp/features/<b>/.
 *
 * Usage: node --import tsx scripts/check-imports.ts [server|shared|webapp|extension ...]
 * With no argument every tree is checked; --verbose lists every file of each cycle. Exits 1 and prints each violation when a rule is broken.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const TREES = ['server', 'shared', 'webapp', 'extension'] as const;
type Tree = (typeof TREES)[number];

/** The one place the product may load the sandbox, and only with `import()`. */
const SANDBOX_ENTRY = {
  from: 'server/accounts/start-demo-sandbox.ts',
  to: 'server/sandbox/sandbox-server.ts',
};

const root = path.resolve(import.meta.dirname, '..');

interface Edge {
  from: string;
  to: string;
  dynamic: boolean;
}

function isTestFile(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file);
}

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      out.push(...listSources(rel));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(rel);
    }
  }
  return out;
}

function compilerOptions(): ts.CompilerOptions {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(configFile.config, ts.sys, root).options;
}

/** Every module specifier a file names: static, re-export, `import type`, `import('x')` and `import('x').T`. */
function specifiers(file: string): Array<{ text: string; dynamic: boolean }> {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
  );
  const found: Array<{ text: string; dynamic: boolean }> = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ text: node.moduleSpecifier.text, dynamic: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ text: node.arguments[0].text, dynamic: true });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ text: node.argument.literal.text, dynamic: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function buildGraph(files: string[]): Edge[] {
  const options = compilerOptions();
  const edges: Edge[] = [];
  for (const file of files) {
    for (const { text, dynamic } of specifiers(file)) {
      const resolved = ts.resolveModuleName(text, path.join(root, file), options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const to = path.relative(root, resolved.resolvedFileName).split(path.sep).join('/');
      if (to.startsWith('..') || to.endsWith('.d.ts')) continue;
      edges.push({ from: file, to, dynamic });
    }
  }
  return edges;
}

/** Strongly connected components with more than one member (Tarjan), i.e. the cycles. */
function cycles(nodes: Iterable<string>, next: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!indexOf.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(target)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || next.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!indexOf.has(node)) connect(node);
  return found;
}

function adjacency(edges: Array<{ from: string; to: string }>): Map<string, Set<string>> {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)!.add(to);
  }
  return next;
}

/** The shortest path from `start` back to itself inside one component, to show one concrete cycle. */
function exampleLoop(start: string, component: Set<string>, next: Map<string, Set<string>>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of next.get(node) ?? []) {
      if (!component.has(target)) continue;
      if (target === start) {
        const loop = [node];
        while (loop[0] !== start) loop.unshift(previous.get(loop[0]!)!);
        return [...loop, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

function treeOf(file: string): Tree | undefined {
  return TREES.find((tree) => file.startsWith(`${tree}/`));
}

function serverFolder(file: string): string | undefined {
  const parts = file.split('/');
  return parts[0] === 'server' && parts.length > 2 ? parts[1] : undefined;
}

function webappFeature(file: string): string | undefined {
  const parts = file.split('/');
  return parts[0] === 'webapp' && parts[1] === 'features' && parts.length > 3 ? parts[2] : undefined;
}

function isSandbox(file: string): boolean {
  return file.startsWith('server/sandbox/');
}

function check(trees: Tree[]): string[] {
  const files = trees.flatMap((tree) => listSources(tree));
  const edges = buildGraph(files);
  const problems: string[] = [];

  // 1. File cycles, within and across the checked trees.
  const fileNext = adjacency(edges.filter((edge) => treeOf(edge.to) !== undefined));
  for (const component of cycles(files, fileNext)) {
    const loop = exampleLoop(component[0]!, new Set(component), fileNext);
    problems.push(
      `import cycle between ${component.length} files: ${loop.join(' -> ')}` +
        (component.length > loop.length - 1
          ? ` (and ${component.length - loop.length + 1} more in the circle)`
          : '') +
        (verbose ? `\n  ${component.join('\n  ')}` : ''),
    );
  }

  if (trees.includes('server')) {
    // 2. Cycles between server feature folders (tests are leaves and do not count).
    const folderEdges = edges
      .filter((edge) => !isTestFile(edge.from))
      .map((edge) => ({ from: serverFolder(edge.from), to: serverFolder(edge.to) }))
      .filter(
        (edge): edge is { from: string; to: string } => !!edge.from && !!edge.to && edge.from !== edge.to,
      );
    const folderNext = adjacency(folderEdges);
    for (const component of cycles(new Set(folderEdges.map((edge) => edge.from)), folderNext)) {
      const loop = exampleLoop(component[0]!, new Set(component), folderNext);
      const witnesses = loop.slice(0, -1).map((from, i) => {
        const to = loop[i + 1]!;
        const edge = edges.find(
          (e) => !isTestFile(e.from) && serverFolder(e.from) === from && serverFolder(e.to) === to,
        )!;
        return `${edge.from} -> ${edge.to}`;
      });
      problems.push(
        `cycle between server folders ${loop.join(' -> ')} (circle: ${component.join(', ')}): ${witnesses.join('; ')}`,
      );
    }

    // 3. The sandbox boundary.
    for (const edge of edges) {
      if (treeOf(edge.from) !== 'server' || treeOf(edge.to) !== 'server') continue;
      if (isSandbox(edge.from) === isSandbox(edge.to)) continue;
      const allowed = edge.dynamic && edge.from === SANDBOX_ENTRY.from && edge.to === SANDBOX_ENTRY.to;
      if (!allowed) {
        problems.push(
          `the sandbox and the product import each other: ${edge.from} -> ${edge.to}` +
            ' (their contract lives in shared/platforms/sandbox-contract.ts)',
        );
      }
    }
  }

  if (trees.includes('webapp')) {
    // 4. Web app features never import each other.
    for (const edge of edges) {
      const from = webappFeature(edge.from);
      const to = webappFeature(edge.to);
      if (from && to && from !== to) {
        problems.push(`webapp feature "${from}" imports feature "${to}": ${edge.from} -> ${edge.to}`);
      }
    }
  }
  return problems;
}

const verbose = process.argv.includes('--verbose');
const requested = process.argv.slice(2).filter((arg) => arg !== '--verbose');
const unknown = requested.filter((name) => !TREES.includes(name as Tree));
if (unknown.length > 0) {
  console.error(`check-imports: unknown tree ${unknown.join(', ')} (expected ${TREES.join(', ')})`);
  process.exit(2);
}
const trees = requested.length > 0 ? (requested as Tree[]) : [...TREES];
const problems = check(trees);
for (const problem of problems) console.error(problem);
console.log(
  `check-imports (${trees.join(', ')}): ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
);
process.exit(problems.length > 0 ? 1 : 0);
