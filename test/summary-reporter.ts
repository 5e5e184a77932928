/**
 * After vitest's own report: the suites skipped for a missing prerequisite, each reason once
 * with the test files it skipped suites in (recorded by test/prereq.ts; vitest's default output
 * only counts skips), any other skipped test by name, and one plain closing line,
 * `Tests: N passed, N failed, N skipped`, so CI can read the outcome without knowing vitest's
 * format.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
// The TaskMeta augmentation (prereqSkips) lives there.
import type {} from './prereq.js';

export interface SkipSummary {
  /** A missing prerequisite (a failure under CI=true) → the test files that skipped suites for it. */
  required: Map<string, string[]>;
  /** Something optional that is absent (e.g. no captures of a platform) → the files. */
  optional: Map<string, string[]>;
  /** Skipped tests in files that recorded no reason: "file › suite › test". */
  unexplained: string[];
}

export function summariseSkips(modules: ReadonlyArray<TestModule>, root = process.cwd()): SkipSummary {
  const required = new Map<string, string[]>();
  const optional = new Map<string, string[]>();
  const unexplained: string[] = [];
  for (const m of modules) {
    const file = relative(root, m.moduleId);
    const skips = m.meta().prereqSkips ?? [];
    for (const { reason, required: isRequired } of skips) {
      const into = isRequired ? required : optional;
      const files = into.get(reason) ?? [];
      if (!files.includes(file)) files.push(file);
      into.set(reason, files);
    }
    if (skips.length) continue;
    for (const t of m.children.allTests()) if (t.result().state === 'skipped') unexplained.push(`${file} › ${t.fullName}`);
  }
  return { required, optional, unexplained };
}

export function formatSkips({ required, optional, unexplained }: SkipSummary): string {
  const lines: string[] = [];
  const group = (title: string, byReason: Map<string, string[]>) => {
    if (!byReason.size) return;
    lines.push(title);
    for (const [reason, files] of byReason) {
      lines.push(`  - ${reason}`);
      lines.push(
        `      in ${files.length} file(s): ${files.slice(0, 6).join(', ')}${files.length > 6 ? `, … ${files.length - 6} more` : ''}`,
      );
    }
  };
  group('Skipped for a missing prerequisite (under CI=true each fails the run instead):', required);
  group('Skipped, optional and absent:', optional);
  if (unexplained.length) {
    lines.push('Skipped tests:');
    for (const t of unexplained.slice(0, 20)) lines.push(`  - ${t}`);
    if (unexplained.length > 20) lines.push(`  … ${unexplained.length - 20} more`);
  }
  return lines.length ? `\n${lines.join('\n')}\n` : '';
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const m of modules) {
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) failed++;
      for (const t of m.children.allTests()) {
        const s = t.result().state;
        if (s === 'passed') passed++;
        else if (s === 'failed') failed++;
        else skipped++;
      }
    }
    process.stdout.write(formatSkips(summariseSkips(modules)));
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
