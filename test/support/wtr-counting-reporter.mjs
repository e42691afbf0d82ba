import fs from 'node:fs';

function count(suite, totals) {
  for (const t of suite.tests ?? []) {
    if (t.skipped) totals.skipped += 1;
    else if (t.passed) totals.passed += 1;
    else totals.failed += 1;
  }
  for (const s of suite.suites ?? []) count(s, totals);
}

/**
 * Writes how many browser tests passed, failed and were skipped, so `npm test` can total every
 * runner in one line. A test file that fails to load counts as one failure.
 */
export function countingReporter({ file }) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        if (session.testResults) count(session.testResults, totals);
        if (!session.passed && (session.errors?.length ?? 0) > 0) totals.failed += 1;
      }
      if (file) fs.writeFileSync(file, JSON.stringify(totals));
    },
  };
}
