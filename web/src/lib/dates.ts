const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** Formats an ISO calendar date (2026-11-22) as "November 22, 2026"; other text is returned unchanged. */
export function formatCalendarDate(value: string): string {
  if (!calendarDate.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
