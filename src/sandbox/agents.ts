import { keyHash } from "./ids.js";
import { PERSONAS, type Persona } from "./personas.js";

export interface Agent {
  id: string;
  name: string;
  description: string;
  language: string;
  voice: string;
  created_at: string;
}

export interface StoredAgent {
  record: Agent;
  persona: Persona;
}

// A fixed date keeps agent records identical across restarts, like ids.
const AGENTS_CREATED_MS = Date.UTC(2025, 0, 6, 9, 0, 0);
const DAY_MS = 86_400_000;

/** The agents of the account behind `apiKey`: derived from the key only, so stable for that key. */
export function agentsForKey(apiKey: string, count: number): StoredAgent[] {
  const hash = keyHash(apiKey);
  const agents: StoredAgent[] = [];
  for (let i = 0; i < count; i++) {
    const persona = PERSONAS[i % PERSONAS.length] as Persona;
    const round = Math.floor(i / PERSONAS.length);
    const name = `${persona.first} — ${persona.purpose}${round > 0 ? ` (${round + 1})` : ""}`;
    agents.push({
      persona,
      record: {
        id: `agt_${hash}_${i + 1}`,
        name,
        description: persona.description,
        language: persona.language,
        voice: persona.voice,
        created_at: new Date(AGENTS_CREATED_MS + i * DAY_MS).toISOString(),
      },
    });
  }
  return agents;
}
