// Days the server sends as yyyy-MM-dd (erasure, a request's due date),
// written the way the member reads a date in their language (useIntlLocale,
// ADR 0040): 1 December 2026, 1 డిసెంబర్ 2026. Formatted as a calendar day,
// never through the phone's time zone, so it cannot shift.

export function dayText(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}
