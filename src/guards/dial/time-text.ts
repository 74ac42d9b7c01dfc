/** How guard messages say "when": a UTC time a person and a model both read unambiguously, and how long from now. */

export function durationText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "15:42 UTC, in 12 min", with the date when it is not today (UTC). */
export function whenText(at: number, now: number): string {
  const iso = new Date(at).toISOString();
  const sameDay = iso.slice(0, 10) === new Date(now).toISOString().slice(0, 10);
  return `${sameDay ? "" : `${iso.slice(0, 10)} `}${iso.slice(11, 16)} UTC, in ${durationText(at - now)}`;
}

/** "15:30 UTC, 12 min ago", with the date when it is not today (UTC). */
export function agoText(at: number, now: number): string {
  const iso = new Date(at).toISOString();
  const sameDay = iso.slice(0, 10) === new Date(now).toISOString().slice(0, 10);
  return `${sameDay ? "" : `${iso.slice(0, 10)} `}${iso.slice(11, 16)} UTC, ${durationText(Math.max(0, now - at))} ago`;
}
