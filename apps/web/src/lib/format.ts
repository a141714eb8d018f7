let dateTime: Intl.DateTimeFormat | null = null;

/** A timestamp as people in Guam read it (the restaurant's zone, whatever the browser's). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Pacific/Guam' });
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** "1 message", "3 messages". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
