import { onParserWarning } from '../observability/warn.js';

export interface CapturedWarning {
  platform: string;
  field: string;
  detail: string | undefined;
}

/**
 * Runs `fn` and returns what it returned (or threw) with the parser warnings raised meanwhile:
 * how parser tests assert that a missing field is warned and an explicit null is not.
 */
export function captureWarnings<T>(fn: () => T): { result: T; warnings: CapturedWarning[] } {
  const warnings: CapturedWarning[] = [];
  const stop = onParserWarning((platform, field, detail) => warnings.push({ platform, field, detail }));
  try {
    return { result: fn(), warnings };
  } finally {
    stop();
  }
}
