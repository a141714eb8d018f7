/** One CSV cell: quoted when it must be, and text never a spreadsheet formula (a leading = + - @ tab or CR gets an apostrophe). */
export function csvCell(value: unknown): string {
  // A number the server computed is written as a number (a negative one stays a number).
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV (RFC 4180 line ends), every cell through csvCell. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
