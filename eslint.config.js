// Lint: typescript-eslint's recommended rules plus the import boundaries of docs/architecture
// (STYLE.md "Layering", docs/adr/0007-layering-and-floor-plan.md): dependencies point downward only.
import tseslint from 'typescript-eslint';

/** Forbid imports whose specifier passes through any of the named top-level folders of src/. */
const forbid = (folders, why) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { regex: `(^|/)(${folders.join('|')})/`, message: why },
        { regex: '(^|/)(app|server|main)\\.js$', message: 'only main.ts wires the application' },
      ],
    },
  ],
});

const NUNJUCKS = { selector: "ImportDeclaration[source.value='nunjucks']", message: 'nunjucks executes code from templates; use src/templating' };

/**
 * Tests wait for the event, never for time (docs/adr/0271-tests-wait-for-events.md): a fixed sleep
 * passes on a quiet machine and fails on a loaded one, and an elapsed-time assertion measures the
 * machine. Timeouts that bound a wait (a `setTimeout` that rejects or resolves with a verdict) stay
 * allowed; so do fake timers and polls (`expect.poll`, `vi.waitFor`).
 */
const WAIT_FOR_THE_EVENT = 'wait for the event (expect.poll / vi.waitFor), use fake timers or a ManualTicker, or assert an order instead of a duration';
const NO_FIXED_SLEEPS = [
  {
    selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
    message: `A fixed sleep in a test: ${WAIT_FOR_THE_EVENT}`,
  },
  {
    selector:
      "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'] > ArrowFunctionExpression > CallExpression.body[arguments.length=0][callee.type='Identifier']",
    message: `A fixed sleep in a test: ${WAIT_FOR_THE_EVENT}`,
  },
  { selector: 'ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]', message: `Awaitable timers are sleeps in a test: ${WAIT_FOR_THE_EVENT}` },
  { selector: "CallExpression[callee.property.name='waitForTimeout']", message: `A fixed sleep in a browser test: ${WAIT_FOR_THE_EVENT}` },
  {
    selector: "CallExpression[callee.name='expect'] > BinaryExpression[operator='-'] > CallExpression.left[callee.property.name='now']",
    message: 'A wall-clock assertion in a test: time is measured in benches (bench/); assert the outcome or an order of events',
  },
  {
    // The same through a variable: `expect(tookMs).toBeLessThan(…)`, `expect(elapsed)…`.
    selector:
      "CallExpression[callee.property.name=/^toBe(Less|Greater)Than/][callee.object.callee.name='expect'][callee.object.arguments.0.name=/(Ms|^elapsed\\w*|^took\\w*)$/]",
    message: 'A wall-clock assertion in a test: time is measured in benches (bench/); assert the outcome or an order of events',
  },
];

/**
 * Functions of src/ stay short enough to read as named steps (issue #29, item 3;
 * docs/adr/0331-function-length-limit.md). Tests (a describe block groups its cases) and
 * migrations (an ordered list of DDL, history that is not rewritten) are outside the limit.
 */
const FUNCTION_LENGTH = { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] };

/** The two tiers of src/modules (STYLE.md "Layering"; docs/adr/0007-layering-and-floor-plan.md). */
const BASE_MODULES = ['documents', 'library', 'templates', 'identity', 'assessments', 'webhooks', 'organization'];
const WORKFLOW_MODULES = ['generation', 'history', 'export', 'assistants', 'word-templates', 'merge', 'collaboration'];

/**
 * Files that parse text shipped with the service itself on the main thread: the built-in template
 * specs are checked at start-up, where a busy pool must not delay seeding (docs/adr/0291).
 */
const TENANT_TEXT_OF_OUR_OWN = ['src/modules/templates/spec-template-checks.ts'];

/** What src/http never imports (docs/adr/0282-http-import-rules.md). */
const HTTP_NEVER = ['storage', 'adapters', 'jobs', 'pipeline', 'templating', 'tenant-code', 'extraction', 'docx', 'pdf'];
/** Files of src/http that still read storage directly, which other work of this round is changing: to be taken off as they move. */
const HTTP_NOT_YET_CONVERTED = [];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'packages/*/dist/**',
      'packages/*/src/generated/**',
      'test/contract/generated-clients/out/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', NUNJUCKS],
    },
  },
  {
    files: ['src/kernel/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: 'kernel imports nothing of ours' }] }] },
  },
  { files: ['src/storage/**/*.ts'], rules: forbid(['http', 'modules', 'pipeline', 'adapters', 'jobs', 'templating'], 'storage imports kernel only') },
  {
    files: ['src/templating/**/*.ts'],
    rules: forbid(['http', 'modules', 'pipeline', 'adapters', 'jobs', 'storage'], 'templating is pure infrastructure: kernel only'),
  },
  // Tenant code: evaluates tenant-authored templates, computations and expressions in pooled workers.
  {
    files: ['src/tenant-code/**/*.ts'],
    rules: forbid(
      ['http', 'modules', 'pipeline', 'adapters', 'jobs', 'storage', 'extraction', 'docx'],
      'tenant-code imports kernel, templating and word-template only',
    ),
  },
  // The Word-template engine (issue 30): fills and inspects a customer's .docx. Its tags are tenant
  // code, so it runs only in the tenant-code pool (src/tenant-code/word-templates.ts is its entry).
  {
    files: ['src/word-template/**/*.ts'],
    rules: forbid(
      ['http', 'modules', 'pipeline', 'adapters', 'jobs', 'storage', 'tenant-code', 'pdf'],
      'word-template is an engine run in the tenant-code pool: it imports kernel, templating, docx and the upload check of extraction only',
    ),
  },
  {
    files: ['src/pipeline/**/*.ts'],
    rules: forbid(['http', 'modules', 'adapters', 'jobs', 'storage'], 'pipeline stages reach the outside only through pipeline/ports.ts'),
  },
  {
    files: ['src/adapters/**/*.ts'],
    rules: forbid(['http', 'modules', 'jobs', 'storage'], 'adapters implement pipeline ports; they import pipeline and kernel'),
  },
  // Engines: pure, testable alone, kernel only.
  {
    files: ['src/extraction/**/*.ts'],
    rules: forbid(['http', 'modules', 'pipeline', 'adapters', 'jobs', 'storage', 'templating', 'docx'], 'extraction is an engine: it imports src/kernel only'),
  },
  {
    files: ['src/docx/**/*.ts'],
    rules: forbid(['http', 'modules', 'pipeline', 'adapters', 'jobs', 'storage', 'templating', 'extraction'], 'docx is an engine: it imports src/kernel only'),
  },
  {
    files: ['src/pdf/**/*.ts'],
    rules: forbid(
      ['http', 'modules', 'pipeline', 'adapters', 'jobs', 'storage', 'templating', 'extraction', 'docx'],
      'pdf is an engine (.docx bytes → PDF bytes): it imports src/kernel only',
    ),
  },
  // Module tiers: base modules (the document family, library, templates, identity, assessments)
  // never import workflow modules (generation, history, export, assistants); workflow modules
  // may import base ones. The modules/ root files (context, repos, route-context) sit below both.
  { files: ['src/modules/**/*.ts'], rules: forbid(['http', 'adapters'], 'modules never import the HTTP layer or concrete adapters') },
  {
    files: [...BASE_MODULES.map((m) => `src/modules/${m}/**/*.ts`), 'src/modules/*.ts'],
    ignores: ['src/modules/repos.ts'],
    rules: forbid(
      ['http', 'adapters', ...WORKFLOW_MODULES],
      'base modules never import workflow modules (generation, history, export, assistants): move the shared piece down, or the use case up',
    ),
  },
  // The repository registry (modules/repos.ts) knows every repository, so repositories sit below
  // both tiers: they import storage, kernel and engine types, never a module's use cases.
  {
    files: ['src/modules/**/*.repository.ts'],
    rules: forbid(
      ['http', 'adapters', 'templating', ...BASE_MODULES, ...WORKFLOW_MODULES],
      'a repository imports storage, kernel and engine types only (it is reachable from every module through modules/repos.ts)',
    ),
  },
  { files: ['src/jobs/**/*.ts'], rules: forbid(['http'], 'jobs never import the HTTP layer') },
  // The HTTP layer (docs/adr/0282-http-import-rules.md): plugins and the schema registry sit on
  // kernel and on what modules offer to routes (schemas, route context, use cases); reading the
  // database, running a job or calling an engine is a use case's business, never a plugin's.
  {
    files: ['src/http/**/*.ts'],
    ignores: HTTP_NOT_YET_CONVERTED,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)(${HTTP_NEVER.join('|')})/`,
              message: 'src/http imports kernel and modules only: reach storage, jobs, adapters and engines through a module use case',
            },
            { regex: '\\.repository\\.js$', message: 'src/http never imports a repository: call the module use case that reads it' },
            { regex: '(^|/)(app|server|main)\\.js$', message: 'only main.ts wires the application' },
          ],
        },
      ],
    },
  },
  // Tenant text is parsed, checked and run only in the tenant-code pool (docs/adr/0291): the Jinja
  // library's tokenizer is quadratic on whitespace and JSONata's parser super-linear, so a parse on
  // the main thread lets one tenant's text stall every request. Types may be imported anywhere.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/templating/**', 'src/tenant-code/**', 'src/word-template/**', '**/*.test.ts', ...TENANT_TEXT_OF_OUR_OWN],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)templating/',
              allowTypeImports: true,
              message: 'parse or render tenant text through src/tenant-code (the pool), never on the main thread',
            },
            {
              regex: '(^|/)word-template/',
              allowTypeImports: true,
              message: 'a Word template runs in the tenant-code pool: call src/tenant-code/word-templates.ts (types may be imported anywhere)',
            },
            { regex: '^jsonata$', allowTypeImports: true, message: 'JSONata runs in the tenant-code pool (src/tenant-code) only' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/storage/migrations/**'],
    rules: FUNCTION_LENGTH,
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts', 'packages/*/test/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', NUNJUCKS, ...NO_FIXED_SLEEPS] },
  },
);
