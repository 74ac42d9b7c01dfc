/**
 * Who said each turn: the agent (whose script may offer removal, and whose words are never the callee's request),
 * the callee, or unknown (read as the callee's: the safe side). Told by the service's role words in many languages,
 * by the names the calling side goes by (CallingSide.agentNames), by the name the call's own opening gives ("Hi, this
 * is Maya from Acme": the turns labelled Maya are the agent's), and, with two speakers of whom one is the agent, the
 * other is the callee.
 */
import type { RawTurn } from "./turns.js";
import type { LineReading } from "./line.js";

export type Role = "agent" | "callee" | "unknown";

const AGENT_WORDS = new Set(
  (
    "agent assistant ai bot system caller operator model ai agent voice agent virtual assistant ai assistant " +
    "representative rep sales rep outbound ivr robot voicebot chatbot llm ia ki agente asistente assistente " +
    "asystent agenten medewerker telemarketer caller agent business company"
  ).split(" "),
);
/** Labels that hold an agent word among others: "AI Agent", "Léa (IA)", "Acme bot". */
const AGENT_TOKEN = /(?:^|\s)(?:ai|ia|ki|bot|agent|agente|assistant|asistente|assistente|asystent|robot|ivr)(?:\s|$)/;
const AGENT_SCRIPT = /助手|坐席|客服|机器人|アシスタント|オペレーター|エージェント|एजेंट|सहायक|وكيل|المساعد|مساعد/;
const CALLEE_WORDS = new Set(
  (
    "user customer callee contact human client lead prospect recipient person patient member called party " +
    "cliente clienta kunde kundin klant klient klientka paciente patient patiente destinatario interlocutor them"
  ).split(" "),
);
const CALLEE_SCRIPT = /客户|用户|顧客|お客様|ग्राहक|उपयोगकर्ता|عميل|العميل|المستخدم/;

const foldLabel = (label: string) =>
  label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

function byWord(folded: string, names: readonly string[]): Role {
  if (AGENT_WORDS.has(folded) || AGENT_TOKEN.test(folded) || AGENT_SCRIPT.test(folded)) return "agent";
  if (CALLEE_WORDS.has(folded) || CALLEE_SCRIPT.test(folded)) return "callee";
  for (const name of names) {
    if (name.length > 0 && (folded === name || folded.startsWith(`${name} `))) return "agent";
  }
  return "unknown";
}

/** The role of each turn. `readings` are the turns' line readings, for the names the opening gives. */
export function rolesOf(
  turns: readonly RawTurn[],
  readings: readonly LineReading[],
  agentNames: readonly string[],
): Role[] {
  const names = agentNames.map(foldLabel).filter((n) => n.length > 1);
  const labels = turns.map((t) => (t.label === undefined ? undefined : foldLabel(t.label)));
  const roles: Role[] = labels.map((l) => (l === undefined ? "unknown" : byWord(l, names)));
  // The opening: whoever introduces themself in the first turns is the agent, and so is their name elsewhere. Not a
  // transcript of one turn (the callee's answer), nor a "name" that is a word of the callee's request ("I'm done with
  // these calls" reads like "I'm Dana with Acme"): the safe side is the callee's.
  for (let i = 0; i < Math.min(4, turns.length) && turns.length > 1; i++) {
    const intro = readings[i]?.intro;
    if (intro === undefined || roles[i] === "callee") continue;
    if (readings[i]!.hits.some((h) => ` ${h.text} `.includes(` ${intro} `))) continue;
    roles[i] = "agent";
    const label = labels[i];
    if (label !== undefined) names.push(label);
    names.push(intro);
  }
  for (let i = 0; i < turns.length; i++) {
    if (roles[i] === "unknown" && labels[i] !== undefined) roles[i] = byWord(labels[i]!, names);
  }
  // Two speakers, one of them the agent: the other is the callee.
  const distinct = new Set(labels.filter((l) => l !== undefined));
  if (distinct.size === 2) {
    const agentLabel = [...distinct].find((l) => labels.some((x, i) => x === l && roles[i] === "agent"));
    if (agentLabel !== undefined) {
      for (let i = 0; i < turns.length; i++)
        if (labels[i] !== undefined && labels[i] !== agentLabel) roles[i] = "callee";
    }
  }
  return roles;
}
