/**
 * The date ranges the Insights view offers besides a custom one: all, this year, last year and the four latest
 * seasons (meteorological, by month: spring March to May, and so on), each as first and last day, YYYY-MM-DD, on the
 * phone's calendar.
 */

export interface DateRange {
  key: string;
  label: string;
  from: string | null;
  to: string | null;
}

const SEASONS = [
  { name: 'Winter', firstMonth: 12, months: 'Dec–Feb' },
  { name: 'Spring', firstMonth: 3, months: 'Mar–May' },
  { name: 'Summer', firstMonth: 6, months: 'Jun–Aug' },
  { name: 'Autumn', firstMonth: 9, months: 'Sep–Nov' },
] as const;

const pad = (value: number) => String(value).padStart(2, '0');
const day = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;
/** The last day of a month (1–12): day 0 of the next. */
const lastDay = (year: number, month: number) => new Date(year, month, 0).getDate();

/** The ranges as of `today` (a local date), the latest season first. */
export function dateRanges(today: Date): DateRange[] {
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  const seasons = SEASONS.map(({ name, firstMonth, months }) => {
    // The latest one that has begun: this year's, or last year's while this year's is still to come.
    let startYear = year;
    if (firstMonth > month) startYear -= 1;
    const endMonth = ((firstMonth + 1) % 12) + 1;
    const endYear = endMonth < firstMonth ? startYear + 1 : startYear;
    const label = `${name} ${endYear === startYear ? startYear : `${startYear}–${String(endYear).slice(2)}`} (${months})`;
    return {
      key: `season-${name.toLowerCase()}`,
      label,
      from: day(startYear, firstMonth, 1),
      to: day(endYear, endMonth, lastDay(endYear, endMonth)),
    };
  }).sort((a, b) => b.from.localeCompare(a.from));
  return [
    { key: 'all', label: 'All time', from: null, to: null },
    { key: 'this-year', label: `This year (${year})`, from: day(year, 1, 1), to: day(year, 12, 31) },
    {
      key: 'last-year',
      label: `Last year (${year - 1})`,
      from: day(year - 1, 1, 1),
      to: day(year - 1, 12, 31),
    },
    ...seasons,
  ];
}

/** The range a from/to pair is, or 'custom'. */
export function rangeKeyOf(ranges: readonly DateRange[], from: string | null, to: string | null): string {
  return ranges.find((range) => range.from === from && range.to === to)?.key ?? 'custom';
}
