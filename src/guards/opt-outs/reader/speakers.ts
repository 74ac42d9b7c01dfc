/**
 * Who said each turn: the agent (whose script may offer removal, and whose words are never the callee's request),
 * the callee, or unknown (read as the callee's: the safe side). Told by the service's role words in many languages,
 * by the names the calling side goes by (CallingSide.agentNames), by the name the call's own opening gives ("Hi, this
 * is Maya from Acme": the turns labelled Maya are the agent's), and, with two speakers of whom one is the agent, the
 * other is the callee.
 */
import type { RawTurn } from "./turns.js";
import type { LineReading } from "./line.js";
import { foldSpeech } from "./text.js";
import { callingSideByEvidence, turnSpeaksAsAgent } from "./speaker-evidence.js";

/**
 * `uncertain`: a turn the call's evidence gives to the agent although its own words do not speak as the agent's; it
 * is read as the callee's, and a request in it is held (`possible`), never dropped.
 */
export type Role = "agent" | "callee" | "unknown" | "uncertain";

/** How far ahead the calling side's evidence must be to decide the labels, and to decide them for every turn. */
const MARGIN = 3;
const SURE = 5;

const AGENT_WORDS = new Set(
  (
    "agent assistant ai bot system caller operator model ai agent voice agent virtual assistant ai assistant " +
    "representative rep sales rep outbound ivr robot voicebot chatbot llm ia ki agente asistente assistente " +
    "asystent agenten medewerker telemarketer caller agent business company concierge advisor adviser " +
    "consultant interviewer surveyor berater beraterin interviewerin asesor asesora conseiller conseillere " +
    "enqueteur enqueteuse consulente operatore operatrice adviseur enqueteur konsultant konsultantka doradca " +
    "ankieter ankieterka atendente consultor consultora entrevistador entrevistadora"
  ).split(" "),
);
/** Labels that hold an agent word among others: "AI Agent", "Léa (IA)", "Acme bot". */
const AGENT_TOKEN =
  /(?:^|\s)(?:ai|ia|ki|bot|agent|agente|assistant|asistente|assistente|asystent|robot|ivr|rep|representative|csr|sales|support|operator|concierge|advisor|asesor|asesora|berater|beraterin|conseiller|conseillere|operatore|operatrice|consultant|consultor|consultora|doradca|konsultant|interviewer|ankieter|sistema|systeme|systeem|system|\p{L}+system)(?:\s|$)/u;
/** Labels in scripts, decomposed as labels are (foldLabel): "オペレーター" is a kana and a mark. */
const AGENT_SCRIPT = new RegExp(
  /असिस्टेंट|ऑपरेटर|बॉट|助手|坐席|客服|机器人|機器人|顾问|顧問|系统|系統|アシスタント|オペレーター|エージェント|担当|システム|自動音声|音声ガイダンス|एजेंट|सहायक|सिस्टम|وكيل|المساعد|مساعد|ممثل|النظام/.source.normalize(
    "NFKD",
  ),
);
const CALLEE_WORDS = new Set(
  (
    "user customer callee contact human client lead prospect recipient person patient member called party " +
    "cliente clienta kunde kundin klant klient klientka paciente patient patiente destinatario interlocutor them " +
    "respondent resident homeowner owner subscriber account holder debtor tenant called callee party " +
    "befragter befragte angerufener angerufene teilnehmer teilnehmerin bewohner bewohnerin mieter mieterin " +
    "encuestado encuestada residente titular abonado abonada usuario usuaria deudor " +
    "abonne abonnee interlocuteur interlocutrice sonde sondee particulier locataire proprietaire " +
    "gebelde beller bewoner deelnemer abonnee huurder eigenaar " +
    "entrevistado entrevistada assinante morador moradora titular " +
    "intervistato intervistata utente abbonato abbonata residente titolare " +
    "rozmowca rozmowczyni respondentka abonent abonentka mieszkaniec mieszkanka uzytkownik " +
    "grahak upbhokta graahak " +
    // Patients and donors: a clinic's and a charity's callees.
    "paziente pacjent pacjentka donor donante donateur donatrice spender spenderin doador doadora donatore " +
    "darczynca darczynczyni mareez mariz " +
    // A family word names the person called, never the calling side.
    "mom mum dad mother father grandma grandpa wife husband son daughter mama papa mutter vater oma opa " +
    "maman pere mere madre padre abuela abuelo esposa esposo hija hijo mae pai avo nonna nonno moeder vader " +
    "matka ojciec babcia dziadek mummy"
  ).split(" "),
);
const CALLEE_SCRIPT = new RegExp(
  /妈妈|媽媽|爸爸|奶奶|爷爷|爺爺|お母さん|お父さん|माँ|मम्मी|पापा|ماما|بابا|病人|患者|病患|捐款人|捐赠人|捐贈人|寄付者|मरीज|दानदाता|مريض|المريض|متبرع|المتبرع|客户|客戶|用户|用戶|对方|對方|受访者|受訪者|居民|顧客|お客様|相手|回答者|ग्राहक|उपयोगकर्ता|عميل|العميل|المستخدم|المتصل به|الزبون|المشترك/.source.normalize(
    "NFKD",
  ),
);

/** Words an introduction's pattern may take for a name: "I'm an assistant at the clinic" names nobody. */
const NOT_A_NAME = new Set(
  (
    "a an the un una uno el la le les der die das den ein eine een de het um uma o il lo just not so very really " +
    "here calling sorry fine good busy only also still at work home"
  ).split(" "),
);

const foldLabel = (label: string) =>
  label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    // Marks kept: Devanagari's vowel signs and viramas are marks, and "ग्राहक" must stay one word.
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
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
  const given = [...names];
  const labels = turns.map((t) => (t.label === undefined ? undefined : foldLabel(t.label)));
  const roles: Role[] = labels.map((l) => (l === undefined ? "unknown" : byWord(l, names)));
  // The opening: whoever introduces themself in the first turns is the agent, and so is their name elsewhere. Not a
  // transcript of one turn (the callee's answer), nor a "name" that is a word of the callee's request ("I'm done with
  // these calls" reads like "I'm Dana with Acme"): the safe side is the callee's.
  // One label only: once a label is the agent's, a later speaker who introduces themself or asks "am I speaking with
  // Acme?" is the callee.
  let opener = labels.find((l, i) => l !== undefined && (roles[i] === "agent" || names.includes(l)));
  for (let i = 0; i < Math.min(4, turns.length) && turns.length > 1; i++) {
    if (roles[i] === "callee") continue;
    if (opener !== undefined && labels[i] !== undefined && labels[i] !== opener) continue;
    const intro = readings[i]?.intro;
    const named =
      intro !== undefined &&
      !NOT_A_NAME.has(intro) &&
      !readings[i]!.hits.some((h) => ` ${h.text} `.includes(` ${intro} `));
    // A speaker who presents themself as the calling side ("Lena, die digitale Assistentin") is the agent too, and
    // so is one whose first words ask for the person ("Am I speaking with Mr. Chen?"; later, it is the callee asking
    // "am I speaking with Acme?").
    const first = labels[i] === undefined ? i === 0 : labels.indexOf(labels[i]) === i;
    if (!named && !readings[i]!.presents && !(first && readings[i]!.asksFor)) continue;
    roles[i] = "agent";
    const label = labels[i];
    // One label on every turn names nobody: only the turn itself is the agent's.
    if (label !== undefined && labels.some((l) => l !== undefined && l !== label)) {
      names.push(label);
      opener = label;
    }
    if (named) names.push(intro);
  }
  // When no label is known yet, one whose turn speaks as the calling side ("our list", "we won't call you again") is
  // the agent's: a fallback only, since taking the callee's label for the agent's would lose their words.
  const several = new Set(labels.filter((l) => l !== undefined)).size > 1;
  const known = labels.some((l, i) => l !== undefined && (roles[i] !== "unknown" || names.includes(l)));
  for (let i = 0; i < turns.length && !known; i++) {
    const label = labels[i];
    if (roles[i] !== "unknown" || label === undefined || !several || names.includes(label)) continue;
    if (!readings[i]!.agentVoice) continue;
    names.push(label);
    break;
  }
  for (let i = 0; i < turns.length; i++) {
    if (roles[i] === "unknown" && labels[i] !== undefined) roles[i] = byWord(labels[i]!, names);
  }
  // Two speakers, one of them known: the other is the other side (a persona the callee is "Befragte" beside is the
  // agent, whatever it is called). A label known both ways says nothing.
  const distinct = [...new Set(labels.filter((l) => l !== undefined))];
  if (distinct.length === 2) {
    const known = (role: Role) => distinct.filter((l) => labels.some((x, i) => x === l && roles[i] === role));
    const agents = known("agent");
    const callees = known("callee");
    // Two labels read as the agent's: the one the calling side named wins, else the first to speak.
    const byName = agents.find((l) => given.includes(l));
    const agentLabel =
      agents.length > 0
        ? (byName ?? agents[0])
        : callees.length === 1
          ? distinct.find((l) => l !== callees[0])
          : undefined;
    if (agentLabel !== undefined && !callees.includes(agentLabel)) {
      for (let i = 0; i < turns.length; i++)
        if (labels[i] !== undefined) roles[i] = labels[i] === agentLabel ? "agent" : "callee";
    }
  }
  if (labels.every((l) => l === undefined)) return alternating(roles, turns, readings);
  return weighed(roles, labels, turns, readings);
}

/**
 * A call sent as texts alone (no labels): the speakers are taken to alternate, each side's turns weighed as one
 * label's would be (speaker-evidence.ts). When the evidence is clear and no turn of the other side was read as the
 * agent's, the other side is the callee and the calling side's turns are the agent's where their own words speak as
 * the agent's (an offer, a condition, an introduction), else `uncertain`: a request in them is held, never dropped.
 */
function alternating(roles: Role[], turns: readonly RawTurn[], readings: readonly LineReading[]): Role[] {
  let spoken = 0;
  const sides = readings.map((r) => (r.silent ? undefined : spoken++ % 2 === 0 ? "\u0000first" : "\u0000second"));
  if (spoken < 4) return roles;
  const folded = turns.map((t) => foldSpeech(t.text));
  const evidence = callingSideByEvidence(sides, folded, readings);
  if (evidence === undefined || evidence.margin < MARGIN) return roles;
  if (roles.some((role, i) => role === "agent" && sides[i] !== evidence.agent)) return roles;
  return roles.map((role, i) => {
    if (sides[i] === undefined) return role;
    if (sides[i] !== evidence.agent) return "callee";
    return role === "agent" || turnSpeaksAsAgent(readings[i]!, folded[i]!) ? "agent" : "uncertain";
  });
}

/**
 * The roles the labels get from the whole call's evidence (speaker-evidence.ts), when it is clear: the label well
 * ahead is the agent's, every other label the callee's, over what names and openings said. The service's own role
 * words are never overruled. Ahead by less than SURE, a turn of the agent's label whose own words do not speak as the
 * agent's is `uncertain`: what it asks is held, not dropped.
 */
function weighed(
  roles: Role[],
  labels: readonly (string | undefined)[],
  turns: readonly RawTurn[],
  readings: readonly LineReading[],
): Role[] {
  if (labels.some((l) => l !== undefined && byWord(l, []) !== "unknown")) return roles;
  const folded = turns.map((t) => foldSpeech(t.text));
  const evidence = callingSideByEvidence(labels, folded, readings);
  if (evidence === undefined || evidence.margin < MARGIN) return roles;
  return roles.map((role, i) => {
    const label = labels[i];
    if (label === undefined) return role;
    if (label !== evidence.agent) return "callee";
    if (role === "agent" || evidence.margin >= SURE || turnSpeaksAsAgent(readings[i]!, folded[i]!)) return "agent";
    return "uncertain";
  });
}
