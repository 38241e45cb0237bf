#!/usr/bin/env node
// `npm run bench:web`: the mini app's first screen as a phone on a slow network sees it, served
// by the BUILT server (what `npm start` runs). Run `npm run build` first.
//
// Chromium (playwright-core) with Lighthouse's mobile settings through CDP: 4× CPU slowdown
// (Emulation.setCPUThrottlingRate), 150 ms RTT, 1.6 Mbps down / 750 kbps up
// (Network.emulateNetworkConditions), a 412×823 phone viewport, a cold cache every run. The page
// is the signed-in mining screen (a session in localStorage, as after sign-in). LCP comes from a
// PerformanceObserver ('largest-contentful-paint'), TBT is the sum of (long task − 50 ms) after
// FCP ('longtask'). The reference, in the same run, is the same page with compression refused
// (Accept-Encoding: identity), i.e. what the server sent before issue 13.
// BENCH_WEB_REFERENCE_DIST=<a miniapp dist folder> makes the reference another build instead
// (served compressed by a second server, e.g. the previous commit's `miniapp/dist`): a same-run
// before/after of a front-end change.
// BENCH_WEB_RUNS (default 5) sets the runs per variant, BENCH_WEB_LANGUAGE the reader's language,
// BENCH_WEB_CPU_SLOWDOWN the CPU slowdown (default 4, the target's); BENCH_WEB_TRACE=1 prints each run's LCP
// element and resource timeline; BENCH_WEB_PROFILE=<dir> saves each run's CPU profile there
// (.cpuprofile, for Chromium's DevTools), BENCH_WEB_TIMELINE=<dir> its Chromium trace (.trace.json,
// for DevTools' Performance panel). Writes bench/results/web-latest.json.
/* global window, location */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, assertBuilt, startBuiltServer } from './lib/built-server.mjs';

/** BENCH_WEB_TIMELINE=<dir>: each run's Chromium trace (what the main thread did: parse, compile, evaluate, style, layout). */
const TIMELINE_CATEGORIES = [
  'devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
  'disabled-by-default-devtools.timeline',
];
const RUNS = Number(process.env.BENCH_WEB_RUNS || 5);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** BENCH_WEB_CPU_SLOWDOWN=8: a host half as fast, for trying a change against slower phones (the target is 4×). */
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU_SLOWDOWN || 4);
/** BENCH_WEB_LANGUAGE=de (es, fr, zh): the page as a reader of that language opens it (default English). */
const LANGUAGE = process.env.BENCH_WEB_LANGUAGE || '';
const BUDGET = { lcpMs: 1_500, tbtMs: 200 };

const log = (message) => console.log(`[bench:web] ${message}`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Runs in the page before any script: records LCP, FCP and long tasks. */
function observePaints() {
  const metrics = { lcp: 0, lcpElement: null, fcp: 0, longTasks: [], candidates: [] };
  window.__zivBench = metrics;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      metrics.lcp = entry.renderTime || entry.loadTime || entry.startTime;
      const el = entry.element;
      metrics.lcpElement = el
        ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent || '').slice(0, 30)}"`
        : null;
      metrics.candidates.push(`${Math.round(metrics.lcp)} ${Math.round(entry.size)}px² ${metrics.lcpElement}`);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') metrics.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) metrics.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function signUp(url) {
  const run = Math.random().toString(36).slice(2, 8);
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `web_${run}`, email: `web_${run}@example.com`, password: 'bench-pass-1' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const body = await res.json();
  if (LANGUAGE) {
    // A reader of that language has it in their account too (the server's choice wins once signed in).
    const set = await fetch(`${url}/api/settings/appearance/language`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
      body: JSON.stringify({ language: LANGUAGE }),
    });
    if (!set.ok) throw new Error(`language: ${set.status} ${await set.text()}`);
  }
  return { user: { ...body.user, token: body.token }, appSettings: body.appSettings };
}

async function loadOnce(browser, url, session, { compressed }) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
  });
  await context.addInitScript(
    ([key, value, language]) => {
      window.localStorage.setItem(key, value);
      if (language) window.localStorage.setItem('ziver-language', language);
    },
    ['session', JSON.stringify(session), LANGUAGE],
  );
  await context.addInitScript(observePaints);
  try {
    return await measure(context, url, { compressed });
  } finally {
    // A page left open keeps ticking (the countdown, the 5 s poll) under 4× CPU throttling and
    // slows every later run: each run closes its own.
    await context.close();
  }
}

/**
 * Waits until the page has an element matching `selector`, asking through CDP every 100 ms. Not
 * Playwright's `locator.waitFor`: that injects Playwright's selector engine into the page and polls
 * it there, ~300 ms of the throttled main thread in the middle of the load (a CPU profile showed
 * `InjectedScript` at ~1.0 s, before the app's scripts ran) — work no phone does. Each probe here is
 * one `querySelector` (no layout).
 */
async function waitForElement(cdp, selector, timeoutMs) {
  const expression = `document.querySelector(${JSON.stringify(selector)}) !== null`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (result.value === true) return;
    if (Date.now() > deadline) throw new Error(`bench:web: no ${selector} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measure(context, url, { compressed }) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (!compressed) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  let transferred = 0;
  cdp.on('Network.loadingFinished', (event) => {
    transferred += event.encodedDataLength;
  });

  const profiling = process.env.BENCH_WEB_PROFILE;
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const timelineDir = process.env.BENCH_WEB_TIMELINE;
  const timelineFile =
    timelineDir && path.join(timelineDir, `${compressed ? 'compressed' : 'reference'}-${Date.now()}.trace.json`);
  if (timelineFile) {
    mkdirSync(timelineDir, { recursive: true });
    await context.browser().startTracing(page, { path: timelineFile, categories: TIMELINE_CATEGORIES });
  }
  await page.goto(`${url}/mining`, { waitUntil: 'commit' });
  await waitForElement(cdp, '[data-testid="mining-phase"]', 60_000);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000); // late long tasks and paints
  const metrics = await page.evaluate(() => window.__zivBench);
  if (timelineFile) await context.browser().stopTracing();
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(profiling, { recursive: true });
    const file = path.join(profiling, `${compressed ? 'compressed' : 'reference'}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
  }
  const tbt = metrics.longTasks
    .filter((task) => task.start + task.duration > metrics.fcp)
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  if (process.env.BENCH_WEB_TRACE) {
    const timeline = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map(
          (r) =>
            `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} (sent ${Math.round(r.requestStart)}, first byte ${Math.round(r.responseStart)}) ${r.name.replace(location.origin, '')}`,
        ),
    );
    const tasks = metrics.longTasks.map((task) => `${Math.round(task.start)}+${Math.round(task.duration)}`);
    console.log(
      [
        `LCP ${Math.round(metrics.lcp)} ${metrics.lcpElement} (FCP ${Math.round(metrics.fcp)})`,
        `  LCP candidates: ${metrics.candidates.join(' | ')}`,
        `  long tasks (start+ms): ${tasks.join(' ')}`,
        ...timeline,
      ].join('\n  '),
    );
  }
  return { lcpMs: Math.round(metrics.lcp), fcpMs: Math.round(metrics.fcp), tbtMs: Math.round(tbt), transferred };
}

/**
 * How fast this host runs JavaScript in Chromium, unthrottled: a fixed workload (string and array
 * building) in a blank page, rounds per second, median of five 200 ms tries. The 4× CPU slowdown
 * is relative to the host, so the absolute LCP moves with it (1.4 s to 2.9 s for one build on
 * the machines of Nov 2026); this figure tells two machines apart.
 */
async function hostSpeed(browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await page.evaluate(() => {
      const tries = [];
      for (let t = 0; t < 5; t++) {
        const start = performance.now();
        let rounds = 0;
        while (performance.now() - start < 200) {
          let text = '';
          for (let i = 0; i < 5_000; i++) text += String.fromCharCode(97 + (i % 26));
          const numbers = [];
          for (let i = 0; i < 20_000; i++) numbers.push(i * 2);
          if (text.length + numbers.length > 0) rounds++;
        }
        tries.push(rounds / ((performance.now() - start) / 1_000));
      }
      return Math.round(tries.sort((a, b) => a - b)[2]);
    });
  } finally {
    await context.close();
  }
}

async function main() {
  assertBuilt();
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const firstScreen = JSON.parse(readFileSync(path.join(ROOT, 'miniapp/dist/.vite/first-screen.json'), 'utf8'));
  const { chromium } = await import('playwright-core');
  const server = await startBuiltServer({ label: 'bench-web', env: { RATE_LIMITS: 'off' }, quiet: true });
  const referenceDist = process.env.BENCH_WEB_REFERENCE_DIST;
  const reference = referenceDist
    ? await startBuiltServer({
        label: 'bench-web-ref',
        env: { RATE_LIMITS: 'off', MINIAPP_DIST: path.resolve(referenceDist) },
        quiet: true,
      })
    : null;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const host = await hostSpeed(browser);
    log(`host JavaScript speed (unthrottled): ${host} rounds/s`);
    const session = await signUp(server.url);
    const referenceSession = reference ? await signUp(reference.url) : null;
    if (reference) await loadOnce(browser, reference.url, referenceSession, { compressed: true });
    const variants = { compressed: [], uncompressed: [] };
    await loadOnce(browser, server.url, session, { compressed: true }); // warm the server, not the browser
    for (let i = 0; i < RUNS; i++) {
      // Alternated so both variants see the same machine load.
      for (const name of ['compressed', 'uncompressed']) {
        const run =
          reference && name === 'uncompressed'
            ? await loadOnce(browser, reference.url, referenceSession, { compressed: true })
            : await loadOnce(browser, server.url, session, { compressed: name === 'compressed' });
        variants[name].push(run);
        log(
          `${name} run ${i + 1}: LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, ${(run.transferred / 1000).toFixed(0)} kB`,
        );
      }
    }
    const summary = Object.fromEntries(
      Object.entries(variants).map(([name, runs]) => [
        name,
        {
          lcpMs: median(runs.map((r) => r.lcpMs)),
          fcpMs: median(runs.map((r) => r.fcpMs)),
          tbtMs: median(runs.map((r) => r.tbtMs)),
          transferredBytes: median(runs.map((r) => r.transferred)),
          runs,
        },
      ]),
    );
    const c = summary.compressed;
    const u = summary.uncompressed;
    console.log(
      [
        '',
        `first screen (as served): ${(firstScreen.jsGzipBytes / 1000).toFixed(1)} kB JS + ${(firstScreen.cssGzipBytes / 1000).toFixed(1)} kB CSS gzip (budget ${firstScreen.budget.jsGzipBytes / 1000} / ${firstScreen.budget.cssGzipBytes / 1000} kB)`,
        `signed-in /mining${LANGUAGE ? ` in ${LANGUAGE}` : ''}, ${CPU_SLOWDOWN}× CPU, 150 ms RTT, 1.6 Mbps, cold cache, median of ${RUNS}; host ${host} rounds/s:`,
        `  compressed (br):        LCP ${c.lcpMs} ms  FCP ${c.fcpMs} ms  TBT ${c.tbtMs} ms  transferred ${(c.transferredBytes / 1000).toFixed(0)} kB`,
        `  ${reference ? `reference ${referenceDist}:` : 'uncompressed reference:'} LCP ${u.lcpMs} ms  FCP ${u.fcpMs} ms  TBT ${u.tbtMs} ms  transferred ${(u.transferredBytes / 1000).toFixed(0)} kB`,
        `  ratio compressed/reference: LCP ${(c.lcpMs / u.lcpMs).toFixed(2)}, bytes ${(c.transferredBytes / u.transferredBytes).toFixed(2)}`,
        `  budget: LCP ≤ ${BUDGET.lcpMs} ms ${c.lcpMs <= BUDGET.lcpMs ? 'met' : 'NOT met'}, TBT ≤ ${BUDGET.tbtMs} ms ${c.tbtMs <= BUDGET.tbtMs ? 'met' : 'NOT met'}${CPU_SLOWDOWN === 4 ? '' : ' (the budget is for 4×)'}`,
      ].join('\n'),
    );
    const out = path.join(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'web-latest.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          network: NETWORK,
          cpuSlowdown: CPU_SLOWDOWN,
          hostRoundsPerSecond: host,
          firstScreen,
          ...summary,
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    await server.stop();
    await reference?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
