/**
 * YouTube's dates in its English interface. Its count texts are read by src/parse/counts.ts
 * (parseCount), shared with other platforms' parsers.
 */

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/**
 * "Joined Aug 23, 2017" (en-US) or "Joined 23 Aug 2017" (en-GB) → "2017-08-23"; null for other
 * languages or shapes.
 */
export function parseJoinedDate(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const us = /([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(text);
  const gb = /(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})/.exec(text);
  const [month, day, year] = us ? [us[1], us[2], us[3]] : gb ? [gb[2], gb[1], gb[3]] : [];
  if (!month) return null;
  const mo = MONTHS[month.slice(0, month.toLowerCase().startsWith('sept') ? 4 : 3).toLowerCase()];
  const d = Number(day);
  if (!mo || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(Number(year), mo - 1, d));
  if (date.getUTCMonth() !== mo - 1) return null;
  return date.toISOString().slice(0, 10);
}
