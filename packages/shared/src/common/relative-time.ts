/**
 * Relative time as the spec words it: seconds, minutes, hours, days, then weeks
 * ('1 week ago', 'N weeks ago').
 */
export function formatRelativeTime(date: Date | string | number, now: Date = new Date()): string {
  const then = new Date(date).getTime();
  const seconds = Math.max(0, Math.floor((now.getTime() - then) / 1000));
  const units: Array<[number, string]> = [
    [7 * 24 * 3600, "week"],
    [24 * 3600, "day"],
    [3600, "hour"],
    [60, "minute"],
  ];
  for (const [size, name] of units) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `${n} ${name}${n === 1 ? "" : "s"} ago`;
    }
  }
  return `${seconds} second${seconds === 1 ? "" : "s"} ago`;
}
