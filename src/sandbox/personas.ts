/**
 * One scripted line. Placeholders filled from the call: `{name}` (the contact, or "the account holder"),
 * `{, name}` / `{ name}` (the name with that separator, or nothing), `{company}` (" at <company>", or nothing).
 */
export interface ScriptLine {
  speaker: "agent" | "contact";
  text: string;
}

/** What an agent is for and how its calls go: the material for agents, outcomes and transcripts. */
export interface Persona {
  first: string;
  purpose: string;
  description: string;
  language: string;
  voice: string;
  /** The outcome of an answered call to a non-test number. */
  outcome: string;
  conversation: ScriptLine[];
  /** `{who}` is the contact's name, or "The contact". */
  summary: string;
  voicemail: string;
}

export const PERSONAS: readonly Persona[] = [
  {
    first: "Ava",
    purpose: "Appointment reminders",
    description: "Reminds contacts of upcoming appointments and confirms or reschedules them.",
    language: "en-US",
    voice: "ava-warm",
    outcome: "appointment_confirmed",
    conversation: [
      { speaker: "agent", text: "Hi, this is Ava, an automated assistant. Am I speaking with {name}{company}?" },
      { speaker: "contact", text: "Yes, speaking." },
      {
        speaker: "agent",
        text: "I'm calling to remind you of your appointment tomorrow at 10:30 AM. Can you still make it?",
      },
      { speaker: "contact", text: "Yes, I'll be there." },
      { speaker: "agent", text: "Great, you're confirmed. Thank you{, name}, and have a good day." },
    ],
    summary: "{who} confirmed the appointment for tomorrow at 10:30 AM.",
    voicemail:
      "Hi{ name}, this is Ava, an automated assistant, with a reminder of your appointment tomorrow at 10:30 AM. Please call us back if you need to reschedule. Goodbye.",
  },
  {
    first: "Leo",
    purpose: "Customer feedback",
    description: "Asks recent customers three short questions about their experience.",
    language: "en-GB",
    voice: "leo-calm",
    outcome: "feedback_collected",
    conversation: [
      { speaker: "agent", text: "Hello, this is Leo, an automated assistant. Is that {name}{company}?" },
      { speaker: "contact", text: "It is, yes." },
      { speaker: "agent", text: "Have you got a minute for three quick questions about your recent order?" },
      { speaker: "contact", text: "Go on then." },
      { speaker: "agent", text: "On a scale of one to five, how satisfied were you?" },
      { speaker: "contact", text: "A four. Delivery was a day late, otherwise fine." },
      { speaker: "agent", text: "Thank you{, name}, I've passed that on. Goodbye." },
    ],
    summary: "{who} rated the recent order 4 out of 5; delivery was a day late.",
    voicemail:
      "Hello{ name}, this is Leo, an automated assistant, calling for your feedback on your recent order. We'll try again another time. Goodbye.",
  },
  {
    first: "Mia",
    purpose: "Payment reminders",
    description: "Reminds contacts of an overdue invoice and records when they will pay.",
    language: "en-US",
    voice: "mia-clear",
    outcome: "payment_promised",
    conversation: [
      { speaker: "agent", text: "Hello, this is Mia, an automated assistant. May I speak with {name}{company}?" },
      { speaker: "contact", text: "That's me." },
      {
        speaker: "agent",
        text: "I'm calling about invoice 1042, which was due last week. When do you expect to pay it?",
      },
      { speaker: "contact", text: "I'll pay it by Friday." },
      { speaker: "agent", text: "Thank you{, name}. I've noted payment by Friday. Goodbye." },
    ],
    summary: "{who} promised to pay invoice 1042 by Friday.",
    voicemail:
      "Hello{ name}, this is Mia, an automated assistant, calling about invoice 1042. Please call us back at your convenience. Goodbye.",
  },
  {
    first: "Noah",
    purpose: "Lead qualification",
    description: "Follows up on inbound enquiries and checks need, budget and timing.",
    language: "en-US",
    voice: "noah-bright",
    outcome: "lead_qualified",
    conversation: [
      {
        speaker: "agent",
        text: "Hi, this is Noah, an automated assistant, following up on your enquiry. Is this {name}{company}?",
      },
      { speaker: "contact", text: "Yes, hi." },
      { speaker: "agent", text: "Are you looking to get started this quarter?" },
      { speaker: "contact", text: "Yes, ideally next month, for a team of about twenty." },
      { speaker: "agent", text: "Perfect. A specialist will email you today to book a demo. Thanks{, name}!" },
    ],
    summary: "{who} wants to start next month for about twenty people; a demo will be booked by email.",
    voicemail:
      "Hi{ name}, this is Noah, an automated assistant, following up on your enquiry. We'll send you an email as well. Goodbye.",
  },
  {
    first: "Zoe",
    purpose: "Delivery scheduling",
    description: "Agrees a delivery window with the recipient of an order.",
    language: "en-US",
    voice: "zoe-friendly",
    outcome: "delivery_scheduled",
    conversation: [
      {
        speaker: "agent",
        text: "Hi, this is Zoe, an automated assistant, calling about a delivery for {name}{company}.",
      },
      { speaker: "contact", text: "Oh good, when is it coming?" },
      { speaker: "agent", text: "We can deliver Thursday morning or Thursday afternoon. Which suits you?" },
      { speaker: "contact", text: "Afternoon, please." },
      { speaker: "agent", text: "Done: Thursday between 1 and 5 PM. Thank you{, name}." },
    ],
    summary: "{who} chose delivery on Thursday between 1 and 5 PM.",
    voicemail:
      "Hi{ name}, this is Zoe, an automated assistant, calling to schedule your delivery. We'll text you a link to pick a time. Goodbye.",
  },
];
