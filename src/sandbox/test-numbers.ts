import type { OptOutLanguage } from "./opt-out-scripts.js";

export type FinalStatus = "completed" | "no_answer" | "busy" | "failed";

export interface SandboxTestNumber {
  /** Last four digits that select this result; empty = every other number. */
  lastFour: readonly string[];
  /** A number that is valid with libphonenumber-js (max) and ends that way. */
  example: string;
  status: FinalStatus;
  /** The call's `outcome`; null = the agent's own purpose outcome (e.g. `appointment_confirmed`). */
  outcome: string | null;
  description: string;
  /** Answered, and the person asks not to be called again, in this language. */
  optOut?: OptOutLanguage;
}

/**
 * Like a payment provider's test cards: the last four digits of `to` decide how a sandbox call ends. Each result has
 * two endings, 000N and 010N, so numbers in the US fictional range 555-0100..0199 work (+1 415 555 0102 is busy); the
 * people who ask not to be called again have one ending each (0106, 0107, 0108), in any country.
 */
export const SANDBOX_TEST_NUMBERS = {
  completed: {
    lastFour: [],
    example: "+14155550100",
    status: "completed",
    outcome: null,
    description: "Answered; the agent completes its task. Transcript, summary and recording.",
  },
  busy: {
    lastFour: ["0002", "0102"],
    example: "+14155550102",
    status: "busy",
    outcome: "busy",
    description: "The line is busy after a brief ring.",
  },
  no_answer: {
    lastFour: ["0003", "0103"],
    example: "+14155550103",
    status: "no_answer",
    outcome: "no_answer",
    description: "Rings for 30 s; nobody answers.",
  },
  failed: {
    lastFour: ["0004", "0104"],
    example: "+14155550104",
    status: "failed",
    outcome: "carrier_error",
    description: "The carrier refuses the call before it rings.",
  },
  voicemail: {
    lastFour: ["0005", "0105"],
    example: "+14155550105",
    status: "completed",
    outcome: "voicemail",
    description: "Voicemail picks up; the agent leaves a message (transcript of the message).",
  },
  opt_out: {
    lastFour: ["0106"],
    example: "+14155550106",
    status: "completed",
    outcome: "declined",
    description: 'Answered; the person says "Please stop calling me and take me off your list."',
    optOut: "en",
  },
  opt_out_florida: {
    lastFour: ["0107"],
    example: "+13055550107",
    status: "completed",
    outcome: "declined",
    description: 'Answered (a Miami, Florida number); the person says "No me vuelva a llamar" (Spanish).',
    optOut: "es",
  },
  opt_out_canada: {
    lastFour: ["0108"],
    example: "+15145550108",
    status: "completed",
    outcome: "declined",
    description: 'Answered (a Montréal, Canada number); the person says "Arrêtez de m\'appeler" (French).',
    optOut: "fr",
  },
} as const satisfies Record<string, SandboxTestNumber>;

/** Numbers the sandbox refuses with 422 on `to`, as the real service's number validation does. */
export const SANDBOX_REFUSED_NUMBERS = {
  premium_rate: "+19005550123",
  shared_cost: "+33810123456",
  invalid: "+1415555010",
  no_country: "+979123456789",
} as const;

/** Which test number a destination is. */
export function testNumberFor(e164: string): SandboxTestNumber {
  const lastFour = e164.slice(-4);
  for (const entry of Object.values(SANDBOX_TEST_NUMBERS) as SandboxTestNumber[]) {
    if (entry.lastFour.includes(lastFour)) return entry;
  }
  return SANDBOX_TEST_NUMBERS.completed;
}
