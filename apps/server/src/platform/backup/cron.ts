/**
 * BACKUP_CRON's five fields (minute hour day-of-month month day-of-week), each `*`, a number, a
 * range `a-b`, a step `*\/n` or `a-b/n`, or a list of those; days of the week 0-6 (0 is Sunday,
 * 7 too). As cron does, a restricted day of the month and day of the week match either one.
 */
export type Cron = {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  anyDay: boolean;
  anyWeekday: boolean;
};

const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of the month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "day of the week", min: 0, max: 7 },
] as const;

/** The schedule, or what is wrong with it. */
export function parseCron(text: string): Cron | string {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5) {
    return 'must have five fields: minute hour day-of-month month day-of-week, e.g. "0 3 * * *"';
  }
  const sets: Set<number>[] = [];
  for (const [index, field] of FIELDS.entries()) {
    const set = parseField(parts[index] as string, field.min, field.max);
    if (typeof set === "string") return `the ${field.name} field ${set}`;
    sets.push(set);
  }
  const [minutes, hours, days, months, weekdays] = sets as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  if (weekdays.delete(7)) weekdays.add(0);
  return {
    minutes,
    hours,
    days,
    months,
    weekdays,
    anyDay: parts[2] === "*",
    anyWeekday: parts[4] === "*",
  };
}

function parseField(text: string, min: number, max: number): Set<number> | string {
  const values = new Set<number>();
  for (const item of text.split(",")) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
    if (!match) return `"${item}" is not a number, a range, a step or *`;
    const from = match[1] === "*" ? min : Number(match[2]);
    const to = match[1] === "*" ? max : match[3] !== undefined ? Number(match[3]) : from;
    const step = match[4] !== undefined ? Number(match[4]) : 1;
    if (from < min || to > max || from > to) return `"${item}" is outside ${min}-${max}`;
    if (step < 1) return `"${item}" has a step below 1`;
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** The first whole minute after `after` (local time) the schedule matches. */
export function nextRun(cron: Cron, after: Date): Date {
  const next = new Date(after);
  next.setSeconds(0, 0);
  next.setMinutes(next.getMinutes() + 1);
  // Four years of minutes at most: 29 February falls in them.
  for (let tries = 0; tries < 4 * 366 * 24 * 60; tries += 1) {
    if (!cron.months.has(next.getMonth() + 1)) {
      next.setMonth(next.getMonth() + 1, 1);
      next.setHours(0, 0);
      continue;
    }
    const day = cron.days.has(next.getDate());
    const weekday = cron.weekdays.has(next.getDay());
    const dayMatches =
      cron.anyDay && cron.anyWeekday
        ? true
        : cron.anyDay
          ? weekday
          : cron.anyWeekday
            ? day
            : day || weekday;
    if (!dayMatches) {
      next.setDate(next.getDate() + 1);
      next.setHours(0, 0);
      continue;
    }
    if (!cron.hours.has(next.getHours())) {
      next.setHours(next.getHours() + 1, 0);
      continue;
    }
    if (!cron.minutes.has(next.getMinutes())) {
      next.setMinutes(next.getMinutes() + 1);
      continue;
    }
    return next;
  }
  throw new Error("the schedule never matches");
}
