/**
 * Words by which a speaker presents themself as the calling side, in every language the reader knows: a virtual, AI
 * or automated assistant ("Juniper here, the virtual helper", "Lena, die digitale Assistentin", "智能客服"), a role at
 * a firm ("asistente de Seguros Horizonte", "votre conseillère chez"), or a call made for someone ("calling on behalf
 * of", "je vous appelle de la part de"). A callee does not speak of themself this way in a call's first turns, so the
 * turns under that speaker's label are the agent's, whatever name or persona the label gives. Folded text (text.ts).
 */

/** An assistant that says what kind of thing it is, adjective first or after. */
const MACHINE =
  "(?:virtual|digital|ai|a i|automated|automatic|smart|voice|virtuale?|virtuel(?:le)?|virtuele|digitale?n?|ki|ia|inteligente|intelligente|wirtualn[aey]|cyfrow[aey]|automatic[ao]|automatique|automatisch[a-z]*)";
const ROLE =
  "(?:assistant|assistante|assistent|assistentin|asistente|assistente|asystent|asystentka|agent|agente|helper|concierge|receptionist|representative|line|call|system|berater|beraterin|conseiller|conseillere|konsultant|konsultantka|consultor|consultora|operatore|operatrice|sprachassistent(?:in)?|stem|voz|voix|stimme)";
/** A role followed by the firm it is with. */
const STAFF =
  "(?:assistant|asistente|assistente|assistentin|asystentka|asystent|asesor|asesora|conseiller|conseillere|consultor|consultora|berater|beraterin|adviseur|medewerker|medewerkster|operatore|operatrice|konsultant|konsultantka|doradca|doradczyni|representative|advisor|adviser|consultora?|atendente)";
const FIRM_LINK = "(?:de|del|da|do|di|della|dello|von|vom|der|van|z|ze|from|at|with|for|chez|du|bei|namens)";
const ON_BEHALF = [
  "calling (?:from|on behalf of|for|about your)",
  "(?:this is|it'?s) an? (?:automated|courtesy|recorded|automatic) (?:call|message|reminder)",
  "le (?:llamo|llamamos|estoy llamando) (?:de|desde|en nombre|de parte)",
  "(?:te|les) (?:llamo|llamamos) (?:de|desde|en nombre|de parte)",
  "je vous (?:appelle|contacte) (?:de la part|pour le compte|au nom|de chez)",
  "(?:ich rufe|wir rufen) (?:sie |ihnen )?(?:\\w+ )?(?:im auftrag|im namen|von der|vom|von)",
  "ik bel (?:u |je )?(?:namens|in opdracht|van|vanuit|vanwege)",
  "(?:estou |estamos )?(?:ligando|a ligar) (?:da|do|em nome|por parte)",
  "(?:la|ti) chiam(?:o|iamo) (?:per conto|da parte|dalla|dallo|dal|della|per la|per il)",
  "dzwoni(?:e|my) (?:z|ze|w imieniu|od)",
];
const SCRIPT = [
  "智能客服|智能助手|语音助手|語音助手|人工智能助手|我是\\S{1,16}的(?:智能)?(?:客服|助手|助理|顾问|顧問|专员|專員)",
  "アシスタント|自動音声|自動応答|オペレーター|AIの|(?:の|から)(?:\\S{1,8})?担当",
  "المساعد(?:ه)? (?:الرقمي|الذكي|الافتراضي|الالي)(?:ه)?|(?:نتصل|اتصل) (?:بك|بحضرتك|عليك) من",
  "वर्चुअल (?:असिस्टेंट|सहायक)|डिजिटल (?:असिस्टेंट|सहायक)|एआई (?:असिस्टेंट|सहायक)",
];

const PRESENTS = new RegExp(
  [
    `(?<![a-z])(?:${MACHINE} (?:\\w+ )?${ROLE}|${ROLE} ${MACHINE}|${STAFF} ${FIRM_LINK})(?![a-z])`,
    `(?<![a-z])(?:${ON_BEHALF.join("|")})(?![a-z])`,
    ...SCRIPT,
  ].join("|"),
);

/**
 * The speaker presents themself as the calling side (a persona, an assistant, a call made for a firm), in a statement:
 * a question ("are you a virtual assistant?", "is this an automated call?") is the callee asking about the agent.
 */
export function presentsCallingSide(folded: string): boolean {
  if (!PRESENTS.test(folded)) return false;
  return folded.split(/(?<=[.!?;。！？؟])\s*/).some((s) => !/[?？؟]\s*$/.test(s) && PRESENTS.test(s));
}
