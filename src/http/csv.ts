/** CSV lines as the gateway writes them (bulk job results, monitor snapshots). */

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"): a cell beginning with = + - @,
 * a tab or a carriage return. Such text — an input, an upstream's description, an error message —
 * is written with a leading single quote ('=HYPERLINK(…)), which spreadsheets show and do not run.
 * Only strings are looked at: numbers (index, status, credits, an upstream's counts) are written as
 * they are, and so is a string that is a plain decimal number ("-5", "+1.5e3": a number to a
 * spreadsheet, never a formula).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function csvLine(values: unknown[]): string {
  return `${values
    .map((v) => {
      let t = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
      if (typeof v === 'string' && FORMULA_START.test(t) && !PLAIN_NUMBER.test(t)) t = `'${t}`;
      return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
    })
    .join(',')}\r\n`;
}
