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

/**
 * Refused unless OUTBOUND_CALLS_BLOCKED_TYPES says otherwise: the types that cost the caller more than a call
 * (premium rate, shared cost, personal numbers, UANs, whose cost the type cannot tell) or that no person answers
 * (pagers, voicemail). docs/number-policy.md gives the reasons, type by type.
 */
export const DEFAULT_BLOCKED_TYPES: readonly NumberTypeName[] = [
  "PREMIUM_RATE",
  "SHARED_COST",
  "PERSONAL_NUMBER",
  "PAGER",
  "UAN",
  "VOICEMAIL",
];
