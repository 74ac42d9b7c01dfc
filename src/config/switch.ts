/** An on/off environment variable: true/1 or false/0 (any case, trimmed); blank is unset. */
export function parseSwitch(raw: string | undefined): boolean | "unset" | "invalid" {
  const text = raw?.trim().toLowerCase() ?? "";
  if (text === "") return "unset";
  if (text === "true" || text === "1") return true;
  if (text === "false" || text === "0") return false;
  return "invalid";
}
