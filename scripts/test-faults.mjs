#!/usr/bin/env node
// `npm run test:faults [-- --repeat N] [vitest args…]`: builds the server (tsc -b), then runs
// the fault suite (faults/, see faults/vitest.config.ts) once, or N times in a row, stopping at
// the first failing run. Prints each run's duration and a summary line.
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/built-server.mjs';

const args = process.argv.slice(2);
let repeat = 1;
const repeatAt = args.indexOf('--repeat');
if (repeatAt >= 0) {
  repeat = Number(args[repeatAt + 1]);
  if (!Number.isInteger(repeat) || repeat < 1) {
    console.error('--repeat needs a whole number of runs, e.g. --repeat 20');
    process.exit(2);
  }
  args.splice(repeatAt, 2);
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const build = spawnSync(process.execPath, ['node_modules/typescript7/bin/tsc', '-b'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const durations = [];
for (let run = 1; run <= repeat; run++) {
  const started = Date.now();
  if (repeat > 1) console.log(`\n==> fault suite run ${run}/${repeat}`);
  const result = spawnSync(npx, ['vitest', 'run', '--config', 'faults/vitest.config.ts', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  durations.push((Date.now() - started) / 1000);
  if (result.status !== 0) {
    console.error(
      `\nfault suite: run ${run}/${repeat} FAILED (exit ${result.status ?? result.signal}) after ${run - 1} clean runs`,
    );
    process.exit(result.status ?? 1);
  }
}
if (repeat > 1) {
  const total = durations.reduce((a, b) => a + b, 0);
  console.log(
    `\nfault suite: ${repeat}/${repeat} runs passed in a row; ` +
      `per run min ${Math.min(...durations).toFixed(1)} s, max ${Math.max(...durations).toFixed(1)} s, total ${Math.round(total)} s`,
  );
}
