// Which way the server's modules lean (ADR 025), checked by `npm run lint`. ESLint's sealplan/boundaries rule keeps
// the packages apart; this keeps the server's own files in layers: no cycle anywhere, a module is used only through
// its public face, the worker runs pure task code only, plugins and shared types depend on no module.
const SERVER = '^apps/server/src/';
const MODULE_FACE = `${SERVER}modules/[^/]+/(index|tasks)\\.ts$`;
const TESTS = '\\.test\\.ts$|/testing/|\\.test-helpers\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means neither side can be understood, tested or loaded without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-public-face',
      severity: 'error',
      comment:
        'A server module uses another module only through its public face (modules/<m>/index.ts) or its task face (tasks.ts); tests may reach in.',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: [`${SERVER}modules/$1/`, MODULE_FACE] },
    },
    {
      name: 'outside-modules-public-face',
      severity: 'error',
      comment:
        'Server code outside the modules (app, seed, command line) uses a module through its faces only.',
      from: { path: `${SERVER}(?!modules/)`, pathNot: TESTS },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: MODULE_FACE },
    },
    {
      name: 'workers-run-task-code',
      severity: 'error',
      comment:
        'A worker thread loads pure task code only: no service, repository, routes or module face (ADR 015, ADR 025).',
      from: { path: `${SERVER}workers/(cpu-tasks|cpu-worker-entry)\\.ts$` },
      to: {
        reachable: true,
        path: [`\\.(service|repository|routes)\\.ts$`, `${SERVER}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'workers-import-task-faces',
      severity: 'error',
      comment: 'The worker imports a module through its task face (modules/<m>/tasks.ts) only.',
      from: { path: `${SERVER}workers/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/[^/]+/tasks\\.ts$` },
    },
    {
      name: 'plugins-depend-on-interfaces',
      severity: 'error',
      comment:
        'Plugins depend on the types in src/shared, never on a module (the composition root gives them one).',
      from: { path: `${SERVER}plugins/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'shared-is-below',
      severity: 'error',
      comment: 'src/shared and src/lib sit below every module, plugin and worker.',
      from: { path: `${SERVER}(shared|lib)/`, pathNot: TESTS },
      to: { path: `${SERVER}(modules|plugins|workers|seed|app\\.ts)` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results|artifacts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
