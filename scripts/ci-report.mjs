#!/usr/bin/env node
// Reads vitest JSON reports for .ci/run.
//   node scripts/ci-report.mjs check-e2e <report.json>   fails unless the browser tests ran, none skipped
//   node scripts/ci-report.mjs summary <label=report.json>...   per-stage counts, then "N passed, N failed"
import { existsSync, readFileSync } from 'node:fs';

const [command, ...args] = process.argv.slice(2);

function read(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`cannot parse ${file}: ${error.message}`);
    return undefined;
  }
}

function counts(report) {
  const tests = (report.testResults ?? []).flatMap((file) => file.assertionResults ?? []);
  const by = (status) => tests.filter((t) => t.status === status).length;
  return {
    total: report.numTotalTests ?? tests.length,
    passed: report.numPassedTests ?? by('passed'),
    failed: report.numFailedTests ?? by('failed'),
    skipped: (report.numPendingTests ?? by('pending') + by('skipped')) + (report.numTodoTests ?? by('todo')),
    // A file that failed to load (syntax error, failing hook, global setup) has no tests but failed.
    failedFiles: (report.testResults ?? []).filter(
      (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
    ).length,
  };
}

if (command === 'check-e2e') {
  const report = read(args[0]);
  if (!report) {
    console.error(`e2e: no JSON report at ${args[0]}: the browser tests did not run.`);
    process.exit(1);
  }
  const c = counts(report);
  const problems = [];
  if (c.total === 0) problems.push('the browser test run executed zero tests');
  if (c.skipped > 0) problems.push(`${c.skipped} browser test(s) were skipped (a browser test must run or fail)`);
  if (c.failed > 0 || c.failedFiles > 0) problems.push(`${c.failed} browser test(s) failed`);
  if (problems.length) {
    console.error(`e2e: ${problems.join('; ')}.`);
    process.exit(1);
  }
  console.log(`e2e: ${c.passed} browser tests passed, none skipped.`);
} else if (command === 'summary') {
  let passed = 0;
  let failed = 0;
  for (const arg of args) {
    const [label, file] = arg.split('=');
    const report = read(file);
    if (!report) {
      console.log(`  ${label.padEnd(12)} no report (stage did not run or crashed before reporting)`);
      continue;
    }
    const c = counts(report);
    passed += c.passed;
    failed += c.failed + c.failedFiles;
    console.log(
      `  ${label.padEnd(12)} ${String(c.passed).padStart(4)} passed  ${String(c.failed).padStart(3)} failed  ${String(c.skipped).padStart(3)} skipped` +
        (c.failedFiles ? `  (${c.failedFiles} file(s) failed to run)` : ''),
    );
  }
  console.log(`${passed} passed, ${failed} failed`);
} else {
  console.error('usage: ci-report.mjs check-e2e <file> | summary <label=file>...');
  process.exit(2);
}
