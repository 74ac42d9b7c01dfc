/**
 * Shorthands for writing the rule table (law-rules.ts and the files of this folder): local times as minutes after
 * midnight, spans, and the weekly patterns the laws use. A week is seven lists of spans, Sunday first; an empty list
 * allows no call that day.
 */
import type { Span } from "../rules.js";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The day the rules of the second round of research were read. */
export const READ_2026_11_28 = "2026-11-28";

export const hm = (h: number, m = 0): number => h * 60 + m;
export const span = (a: number, b: number): Span => ({ startMin: a, endMin: b });

/** The same spans every day of the week. */
export const everyDay = (...spans: Span[]): Span[][] => Array.from({ length: 7 }, () => spans);

/** Monday to Saturday these spans; no call on Sunday. */
export const noSunday = (...spans: Span[]): Span[][] => [[], ...Array.from({ length: 6 }, () => spans)];

/** Monday to Friday these spans; no call at weekends. */
export const weekdays = (...spans: Span[]): Span[][] => [[], ...Array.from({ length: 5 }, () => spans), []];
