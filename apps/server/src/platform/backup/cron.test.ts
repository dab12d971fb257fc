import { describe, expect, it } from "vitest";
import { type Cron, nextRun, parseCron } from "./cron";

const cron = (text: string) => parseCron(text) as Cron;
const at = (text: string) => new Date(text);

describe("BACKUP_CRON's schedule", () => {
  it("finds the next matching minute", () => {
    expect(nextRun(cron("0 3 * * *"), at("2026-01-10T02:59:30"))).toEqual(at("2026-01-10T03:00"));
    expect(nextRun(cron("0 3 * * *"), at("2026-01-10T03:00:00"))).toEqual(at("2026-01-11T03:00"));
    expect(nextRun(cron("*/15 * * * *"), at("2026-01-10T10:16"))).toEqual(at("2026-01-10T10:30"));
    expect(nextRun(cron("30 1 1 * *"), at("2026-01-31T12:00"))).toEqual(at("2026-02-01T01:30"));
    // 2026-01-10 is a Saturday; Sunday is 0 or 7.
    expect(nextRun(cron("0 0 * * 7"), at("2026-01-10T12:00"))).toEqual(at("2026-01-11T00:00"));
    expect(nextRun(cron("0 12 * * 1-5"), at("2026-01-10T12:00"))).toEqual(at("2026-01-12T12:00"));
    expect(nextRun(cron("0 0 29 2 *"), at("2026-03-01T00:00"))).toEqual(at("2028-02-29T00:00"));
  });

  it("names what is wrong with a bad schedule", () => {
    expect(parseCron("0 3 * *")).toMatch(/five fields/);
    expect(parseCron("61 * * * *")).toMatch(/minute field "61" is outside 0-59/);
    expect(parseCron("* * * * mon")).toMatch(/day of the week field "mon"/);
    expect(parseCron("*/0 * * * *")).toMatch(/step below 1/);
  });
});
