// `npm run lint` runs it. The rules on imports:
// 1. Imports run one way: web -> shared, server -> shared; shared imports nothing but zod and itself, except
//    that text typed on several devices at once is merged by one module, shared/shared-text.ts, with Yjs
//    (docs/decisions/051-text-typed-together-merges.md): it alone imports yjs and lib0.
// 2. Inside the web app, a feature (src/web/features/<name>) is a small package: anything outside it
//    imports only what its index.ts exports (`@/features/<name>`), and lib/ and components/ import no
//    feature at all. The one exception: src/web/app/router.tsx loads a feature's page module
//    (`@/features/<name>/<page>-page`) with import(), so each page stays a chunk of its own; a page
//    exported from the index would be bundled with the first route.
// 3. Where a team's answers live is the answer store's business (src/web/features/phase/store/,
//    docs/decisions/024-one-answer-store.md): practice mode's storage (lib/practice-storage,
//    lib/local-facts-storage) and the calls that save answers and facts (features/phase/api/phase-data)
//    are imported by the store and by nothing else of the app but lib/ and api/ themselves, the start-up's first-visit
//    check (main.tsx) and the team's live events that feed the workspace's cache (features/phase/lib/team-cache).
// 4. Inside the server, a resource (src/server/<name>/ with a routes.ts) keeps its routes to itself: only
//    src/server/app.ts imports a routes.ts, so resources never import each other's routes and nothing
//    below them does (they share queries and helpers instead).
// 5. The server's queries know nothing of HTTP: a queries.ts and src/server/db/ import no routes, no
//    plugins (plugins/, or a resource's own plugin.ts such as live/plugin.ts), no event streams
//    (live/event-streams.ts), no HTTP errors and no Fastify; db/ (the database itself) imports only db/ and
//    config.ts.
// 6. No cycle between the web app's features: no feature imports a feature that imports it back, directly or
//    through others, by its index.ts or otherwise (type imports and tests included). What two features
//    both need moves below them, to lib/ or components/.
// 7. Test support lives in the top-level testing/ folder (docs/decisions/029-test-support-and-programme-checks.md):
//    production code (anything in src/ but a *.test.ts(x)) never imports it, nor the test runner; testing/
//    imports src/server, src/shared, packages and itself, never src/web, and no resource's routes.
// 8. No cycle between modules anywhere (src/ and testing/; type imports, re-exports and import() included):
//    a module never imports one that imports it back, directly or through others. What two modules both
//    need moves to a third that imports neither.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const testing = path.join(root, 'testing');
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g;
const ROUTER = 'web/app/router.tsx';

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

/**
 * Files are named by their path inside src/ (`web/app/header.tsx`), or inside the top-level testing/ folder
 * with that folder's name (`testing/api/test-app.ts`).
 */
const locate = (file) => (file.startsWith('testing/') ? path.join(root, file) : path.join(src, file));
const nameOf = (full) =>
  full === testing || full.startsWith(`${testing}${path.sep}`)
    ? path.relative(root, full)
    : path.relative(src, full);

/** The import's target named as a file is (`web/features/admin/index`), without extension, or null. */
function targetOf(file, spec) {
  let target;
  if (spec.startsWith('.')) target = nameOf(path.resolve(path.dirname(locate(file)), spec));
  else if (spec.startsWith('@shared/')) target = `shared/${spec.slice('@shared/'.length)}`;
  else if (spec.startsWith('@/')) target = `web/${spec.slice(2)}`;
  else return null;
  return target
    .split(path.sep)
    .join('/')
    .replace(/\.(ts|tsx|mjs|js)$/, '');
}

const featureOf = (p) => /^web\/features\/([^/]+)(?:\/|$)/.exec(p)?.[1];

/** Where answers live, and who may reach it directly (rule 3). */
const ANSWER_STORAGE = [
  'web/lib/practice-storage',
  'web/lib/local-facts-storage',
  'web/features/phase/api/phase-data',
];
const mayReachAnswerStorage = (file) =>
  file.startsWith('web/features/phase/store/') ||
  file.startsWith('web/features/phase/api/') ||
  file.startsWith('web/lib/') ||
  file === 'web/main.tsx' ||
  file === 'web/features/phase/lib/team-cache.ts';

/** Rules 1 and 6: which parts of the code each part may import; a test may also import testing/. */
function oneWayAllows(from, to, spec, isTest, isTextModule) {
  if (isTest && to === 'testing') return true;
  if (from === 'shared') {
    return (
      to === 'shared' ||
      (to === 'package' &&
        (spec === 'zod' ||
          (isTextModule && /^(yjs|lib0\/[a-z]+)$/.test(spec)) ||
          (isTest && /^(vitest|fast-check)$/.test(spec))))
    );
  }
  if (from === 'web') return to === 'web' || to === 'shared' || to === 'package';
  if (from === 'testing') return to === 'testing' || to === 'server' || to === 'shared' || to === 'package';
  return to === 'server' || to === 'shared' || to === 'package';
}

/**
 * Why importing `spec` from `file` (named as above, with `/`) breaks a rule, or null when it does not.
 * `dynamic` is true for `import()`.
 */
export function importProblem(file, spec, { dynamic = false } = {}) {
  const from = file.split('/')[0];
  const target = targetOf(file, spec);
  const to = target === null ? 'package' : target.split('/')[0];
  const isTest = /\.test\.tsx?$/.test(file);
  if (from !== 'testing' && !isTest) {
    if (to === 'testing') return `imports "${spec}": testing/ is test support; only tests import it`;
    if (to === 'package' && TEST_RUNNER.test(spec)) {
      return `imports "${spec}": only tests use the test runner; test support lives in testing/`;
    }
  }
  const isTextModule = /^shared\/shared-text(\.test)?\.ts$/.test(file);
  if (!oneWayAllows(from, to, spec, isTest, isTextModule)) {
    return `imports "${spec}" (${from} -> ${to}): imports run web -> shared, server -> shared, testing -> server and shared`;
  }
  if (from === 'server' || from === 'testing') return serverProblem(file, spec, target, isTest);
  if (to !== 'web' || from !== 'web') return null;
  if (ANSWER_STORAGE.includes(target) && !isTest && !mayReachAnswerStorage(file)) {
    return `imports "${spec}": where answers live is the answer store's (features/phase/store/); use it`;
  }

  const targetFeature = featureOf(target);
  if (targetFeature === undefined || featureOf(file) === targetFeature) return null;
  if (/^web\/(lib|components)\//.test(file)) {
    return `imports "${spec}": lib/ and components/ sit below the features and import none of them`;
  }
  const rest = target.slice(`web/features/${targetFeature}`.length);
  if (rest === '' || rest === '/index') return null;
  if (file === ROUTER && dynamic && /^\/[a-z0-9-]+-page$/.test(rest)) return null;
  return `imports "${spec}": another feature's insides; import what "@/features/${targetFeature}" exports`;
}

/**
 * Rule 6: the cycles among the features that `imports` (each `{ file, spec }`, the file a path inside src/
 * with `/`) make, each once, as a problem naming one import per step.
 */
export function featureCycles(imports) {
  /** feature -> feature it imports -> the first import that does it */
  const edges = new Map();
  for (const { file, spec } of imports) {
    const from = featureOf(file);
    const target = targetOf(file, spec);
    const to = target === null ? undefined : featureOf(target);
    if (from === undefined || to === undefined || from === to) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `src/${file} imports "${spec}"`);
  }
  return cycleProblems(
    edges,
    (cycle, steps) =>
      `features import each other in a cycle, ${cycle}: ${steps}. Move what they share to lib/ or components/`,
  );
}

/**
 * One problem per cycle of `edges` (node -> node it imports -> the import that does it), written by `say`
 * from the cycle (`a -> b -> a`) and one import per step.
 */
function cycleProblems(edges, say) {
  const problems = [];
  for (const component of stronglyConnected(edges)) {
    if (component.length < 2) continue;
    const cycle = cycleThrough(edges, new Set(component), component.toSorted()[0]);
    const steps = cycle.slice(1).map((to, i) => edges.get(cycle[i]).get(to));
    problems.push(say(cycle.join(' -> '), steps.join('; ')));
  }
  return problems;
}

/** A module's name without its extension, a folder's index.ts named as the folder (`web/features/phase`). */
const moduleOf = (name) => name.replace(/\.(ts|tsx|mjs|js)$/, '').replace(/\/index$/, '');

/**
 * Rule 8: the cycles among the modules that `imports` (each `{ file, spec }`, as for featureCycles) make, each
 * once, as a problem naming one import per step.
 */
export function moduleCycles(imports) {
  /** module -> module it imports -> the import that does it */
  const edges = new Map();
  for (const { file, spec } of imports) {
    const target = targetOf(file, spec);
    if (target === null) continue;
    const from = moduleOf(file);
    const to = moduleOf(target);
    if (from === to) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to))
      edges.get(from).set(to, `${file.startsWith('testing/') ? '' : 'src/'}${file} imports "${spec}"`);
  }
  return cycleProblems(
    edges,
    (cycle, steps) =>
      `modules import each other in a cycle, ${cycle}: ${steps}. Move what they share to a module that imports neither`,
  );
}

/** Tarjan's strongly connected components of a graph of imports (features, or modules). */
function stronglyConnected(edges) {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to.keys()])]);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** A shortest way from `start` back to itself inside `component` (breadth first), as its nodes. */
function cycleThrough(edges, component, start) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]));
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

const HTTP_PACKAGES = /^(fastify|@fastify\/|fastify-)/;
const TEST_RUNNER = /^(vitest|@vitest\/|fast-check$|@playwright\/test$)/;
/** The server's own modules that speak HTTP (rule 5). */
const HTTP_MODULES = /^server\/(plugins\/|lib\/http-error$|[^/]+\/(routes|plugin)$|live\/event-streams$)/;

/** Rules 4 and 5: the server's resources and its queries (and rule 4 for testing/). */
function serverProblem(file, spec, target, isTest) {
  if (target !== null && /^server\/[^/]+\/routes$/.test(target) && file !== 'server/app.ts') {
    return `imports "${spec}": only src/server/app.ts registers a resource's routes; share its queries or helpers instead`;
  }
  if (isTest || file.startsWith('testing/')) return null;
  const inDb = file.startsWith('server/db/');
  if (!inDb && !/^server\/[^/]+\/queries\.ts$/.test(file)) return null;
  const http = target === null ? HTTP_PACKAGES.test(spec) : HTTP_MODULES.test(target);
  if (http)
    return `imports "${spec}": queries know nothing of HTTP (no routes, plugins, event streams, HTTP errors or Fastify)`;
  if (inDb && target !== null && !/^server\/(db\/|config$)/.test(target) && !target.startsWith('shared/')) {
    return `imports "${spec}": db/ is the database itself and imports only db/ and config.ts`;
  }
  return null;
}

function main() {
  const problems = [];
  const imports = [];
  for (const full of [...files(src), ...files(testing)]) {
    const file = nameOf(full).split(path.sep).join('/');
    const text = readFileSync(full, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      imports.push({ file, spec });
      const problem = importProblem(file, spec, { dynamic: match[2] !== undefined });
      if (problem) problems.push(`${file.startsWith('testing/') ? '' : 'src/'}${file}: ${problem}`);
    }
  }
  problems.push(...featureCycles(imports), ...moduleCycles(imports));
  if (problems.length) {
    console.error(`Import rules broken:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(
    'imports: one-way rule, feature boundaries, no feature or module cycles, server resources and test support hold',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
