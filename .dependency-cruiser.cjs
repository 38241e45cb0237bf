// The layering of the four workspaces, checked by dependency-cruiser in `npm run lint`
// (docs/decisions.md §31, docs/code-style.md "Layout"). Every rule is a direction between layers;
// there is no list of exempted files. `npm run lint:layers` runs only this check.
//
//   shared   ← bot ← server          (workspaces: through their package entry points only)
//   shared   ← miniapp
//   server:  platform ← features (in FEATURE_ORDER) ← composition (src/*.ts, cli/)
//   bot:     its modules ← features ← composition (bot.ts, index.ts)
//   miniapp: config ← lib ← i18n ← components ← features ← app (and main.tsx)
//
// Tests (*.test.ts[x]) and test support (testing/) compose like a composition root: they may
// import anything in their workspace, and only they may import test support. The workspace rules
// and no-circular hold for them too.

/**
 * The server's features from the bottom up: a feature imports only features of a lower rank.
 * Features of one rank do not import each other. A new feature gets a rank here (a feature
 * missing from this list is reported by `server-feature-has-a-rank`).
 */
const FEATURE_ORDER = [
  // The points ledger and its history (/api/transactions): every credit and reversal is written
  // by postLedgerEntries.
  ['transactions'],
  // The user record: finding, presenting, the daily login credit.
  ['users'],
  // Sign-in: passwords, two-factor, challenges, sessions handed out.
  ['auth'],
  // The product's features; none imports another.
  [
    'mining',
    'tasks',
    'referrals',
    'settings',
    'feedback',
    'notices',
    'wallet',
    'system',
    'files',
    'health',
    'api-docs',
    'integrity',
  ],
  // The bot's services and Telegram delivery, built over the product's use cases.
  ['telegram'],
  // The operators' console runs the other features' use cases on someone's behalf.
  ['admin'],
];

/** Tests and test support: they compose like a composition root. */
const TEST = '(?:\\.test\\.tsx?$|/testing/)';

/** Rules that say `layers[i]` (from the bottom) imports nothing of `layers[j]`, j > i. */
function layerRules(workspace, layers) {
  return layers.slice(0, -1).map((layer, index) => {
    const above = layers.slice(index + 1);
    return {
      name: `${workspace}-${layer.name}-below-${above.map(({ name }) => name).join('-')}`,
      comment: `${workspace}: ${layer.name} is below ${above.map(({ name }) => name).join(', ')} and imports none of them.`,
      severity: 'error',
      from: { path: layer.path, pathNot: TEST },
      to: { path: above.map(({ path }) => path) },
    };
  });
}

const everyFeature = FEATURE_ORDER.flat();

/** For each rank: its features import no feature of the same or a higher rank. */
const serverFeatureRules = FEATURE_ORDER.map((rank, index) => ({
  name: `server-feature-rank-${index + 1}`,
  comment: `server: ${rank.join(', ')} import only features of a lower rank (${
    FEATURE_ORDER.slice(0, index).flat().join(', ') || 'none'
  }); features of one rank do not import each other.`,
  severity: 'error',
  from: { path: `^server/src/features/(${rank.join('|')})/`, pathNot: TEST },
  to: {
    path: '^server/src/features/',
    pathNot: `^server/src/features/(?:$1|${['(?!)', ...FEATURE_ORDER.slice(0, index).flat()].join('|')})/`,
  },
}));

/** The public entries of the workspace packages (package.json `exports`). */
const SHARED_ENTRY = '^shared/src/(?:index|core|i18n/[^/]+)\\.ts$';
const BOT_ENTRY = '^bot/src/(?:index|testing/index)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module imports itself back through others (type-only imports count).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (a rule cannot judge what it cannot find).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-test-support-in-code',
      comment: 'Only tests and test support import tests and test support (testing/).',
      severity: 'error',
      from: { path: '^(?:shared|bot|server|miniapp)/src/', pathNot: TEST },
      to: { path: TEST },
    },

    // Workspaces.
    {
      name: 'shared-imports-no-workspace',
      comment: 'shared is the bottom: it imports no other workspace.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(?:bot|server|miniapp)/' },
    },
    {
      name: 'bot-imports-shared-only',
      comment: 'The bot gets the server use cases injected (BotServices); it imports no server or mini app code.',
      severity: 'error',
      from: { path: '^bot/' },
      to: { path: '^(?:server|miniapp)/' },
    },
    {
      name: 'miniapp-imports-shared-only',
      comment: 'The mini app talks to the server over HTTP only; it imports no server or bot code.',
      severity: 'error',
      from: { path: '^miniapp/' },
      to: { path: '^(?:server|bot)/' },
    },
    {
      name: 'server-imports-no-miniapp',
      comment: 'The server serves the built mini app; it imports none of its code.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^miniapp/' },
    },
    {
      name: 'shared-through-its-entries',
      comment: 'Other workspaces import @ziver/shared through its entries (index, core, i18n/*) only.',
      severity: 'error',
      from: { path: '^(?:bot|server|miniapp)/' },
      to: { path: '^shared/', pathNot: SHARED_ENTRY },
    },
    {
      name: 'bot-through-its-entries',
      comment: 'The server imports @ziver/bot through its entries (index; testing for tests) only.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^bot/', pathNot: BOT_ENTRY },
    },

    // Server: platform ← features ← composition.
    ...layerRules('server', [
      { name: 'platform', path: '^server/src/platform/' },
      { name: 'features', path: '^server/src/features/' },
      { name: 'composition', path: '^server/src/(?:[^/]+$|cli/)' },
    ]),
    ...serverFeatureRules,
    {
      name: 'server-feature-has-a-rank',
      comment: 'Every server feature has a rank in FEATURE_ORDER (.dependency-cruiser.cjs).',
      severity: 'error',
      from: { path: '^server/src/features/', pathNot: `^server/src/features/(?:${everyFeature.join('|')})/` },
      to: {},
    },

    // Bot: modules ← features ← composition.
    ...layerRules('bot', [
      { name: 'modules', path: '^bot/src/(?!(?:bot|index)\\.ts$)[^/]+$' },
      { name: 'features', path: '^bot/src/features/' },
      { name: 'composition', path: '^bot/src/(?:bot|index)\\.ts$' },
    ]),
    {
      name: 'bot-features-apart',
      comment: 'bot: a feature (one Composer) imports no other feature.',
      severity: 'error',
      from: { path: '^bot/src/features/([^/]+)$', pathNot: TEST },
      to: { path: '^bot/src/features/', pathNot: '^bot/src/features/$1$' },
    },

    // Mini app: config ← lib ← i18n ← components ← features ← app.
    ...layerRules('miniapp', [
      { name: 'config', path: '^miniapp/src/config/' },
      { name: 'lib', path: '^miniapp/src/lib/' },
      { name: 'i18n', path: '^miniapp/src/i18n/' },
      { name: 'components', path: '^miniapp/src/components/' },
      { name: 'features', path: '^miniapp/src/features/' },
      { name: 'app', path: '^miniapp/src/(?:app/|main\\.tsx$)' },
    ]),
    {
      name: 'miniapp-features-apart',
      comment:
        'miniapp: a feature imports no other feature (shared code goes down to components/, lib/ or @ziver/shared).',
      severity: 'error',
      from: { path: '^miniapp/src/features/([^/]+)/', pathNot: TEST },
      to: { path: '^miniapp/src/features/', pathNot: '^miniapp/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '/(?:dist|dist-types)/' },
    // Type-only imports are dependencies too: a type import across a boundary is still a crossing.
    tsPreCompilationDeps: true,
    // The mini app's `@/` alias (as in miniapp/vite.config.ts and miniapp/tsconfig.json).
    webpackConfig: { fileName: 'miniapp/depcruise-resolve.mjs' },
    enhancedResolveOptions: {
      // Workspace packages resolve through their package.json `exports` to their sources.
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'default'],
      mainFields: ['types', 'module', 'main'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
