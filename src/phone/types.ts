/** The number types libphonenumber-js tells apart (max metadata), as OUTBOUND_CALLS_BLOCKED_TYPES names them. */
export const NUMBER_TYPES = [
  "PREMIUM_RATE",
  "TOLL_FREE",
  "SHARED_COST",
  "VOIP",
  "PERSONAL_NUMBER",
  "PAGER",
  "UAN",
  "VOICEMAIL",
  "FIXED_LINE",
  "MOBILE",
  "FIXED_LINE_OR_MOBILE",
] as const;
export type NumberTypeName = (typeof NUMBER_TYPES)[number];
