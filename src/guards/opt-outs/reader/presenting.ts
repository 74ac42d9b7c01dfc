/**
 * Words by which a speaker presents themself as the calling side, in every language the reader knows: a virtual, AI
 * or automated assistant ("Juniper here, the virtual helper", "Lena, die digitale Assistentin", "智能客服"), a role at
 * a firm ("asistente de Seguros Horizonte", "votre conseillère chez"), or a call made for someone ("calling on behalf
 * of", "je vous appelle de la part de"). A callee does not speak of themself this way in a call's first turns, so the
 * turns under that speaker's label are the agent's, whatever name or persona the label gives; so are those of a speaker
 * whose first words ask for the person by name (speakers.ts). Folded text (text.ts).
 */
import { foldPattern } from "./text.js";

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

/**
 * Asking for the person by name or title, as the caller does when the line opens ("Am I speaking with Mr. Chen?",
 * "spreche ich mit Herrn Wolf?", "请问是李先生吗"): said as a question, and still the agent. Not a callee asking for a
 * manager or a real person.
 */
const ASKS_FOR = new RegExp(
  foldPattern(
    [
      "(?<![a-z])(?:is this|may i speak (?:with|to)|could i speak (?:with|to))(?= (?:mr|mrs|ms|miss|dr)(?![a-z]))|(?<![a-z])(?:am i speaking (?:with|to)|(?:hablo|hablamos) con|me comunico con|puedo hablar con|je suis bien (?:chez|avec)|je parle bien (?:a|avec)|spreche ich (?:mit|da mit)|bin ich (?:da )?(?:richtig )?bei|spreek ik met|(?:falo|estou falando) com|posso falar com|parlo con|sto parlando con|czy rozmawiam z|rozmawiam z|kya (?:meri )?baat \\w+ (?:ji )?se|kya main \\w+ (?:ji )?se baat)(?=(?: (?:la|el|le|il|lo|o|a|der|die|den|de))? (?:mr|mrs|ms|miss|dr|sir|madam|senor|senora|senorita|don|dona|monsieur|madame|herrn?|frau|meneer|mevrouw|signor|signora|sig|dott|pan|pani|panem|pania|senhor|senhora|sr|sra|srta|mevr|dhr|hr|fr|m|mme)(?![a-z])| (?!(?:a|an|the|your|someone|somebody|anyone|whoever|un|una|el|la|le|der|die|den|een|um|uma|o|il|lo|ein|eine|einem|einen|jemand|iemand|alguien|quelqu'un|qualcuno|alguem|kims|manager|supervisor|human|person)(?![a-z]))\\p{L}+)",
      "请问(?:是|您是)|您是\\S{1,6}(?:先生|女士|小姐)吗|(?:様|さま)でいらっしゃいますか|(?:様|さま)でしょうか",
      "(?:هل|هل انا) (?:اتحدث|اكلم) مع|معي (?:الاستاذ|السيد|السيده|الاستاذه)",
    ].join("|"),
  ),
  "u",
);

const PRESENTS = new RegExp(
  foldPattern(
    [
      `(?<![a-z])(?:${MACHINE} (?:\\w+ )?${ROLE}|${ROLE} ${MACHINE}|(?<!(?:a|an|un|una|une|ein|eine|einer|een|um|uma|jako|as) )${STAFF} ${FIRM_LINK})(?![a-z])`,
      `(?<![a-z])(?:${ON_BEHALF.join("|")})(?![a-z])`,
      ...SCRIPT,
    ].join("|"),
  ),
);

/**
 * The speaker presents themself as the calling side (a persona, an assistant, a call made for a firm), in a statement:
 * a question ("are you a virtual assistant?", "is this an automated call?") is the callee asking about the agent.
 */
export function presentsCallingSide(folded: string): boolean {
  if (!PRESENTS.test(folded)) return false;
  return folded.split(/(?<=[.!?;。！？؟])\s*/).some((s) => !/[?？؟]\s*$/.test(s) && PRESENTS.test(s));
}

/**
 * The calling side's own voice about its list and its calls: "our list", "remove you from our records", "we won't call
 * you again", "our calls", "calls from us", in every language. A callee says "your list"; these words, in any turn, are the agent's.
 */
const AGENT_VOICE = new RegExp(
  foldPattern(
    [
      "(?<![a-z])(?:our (?:do not call |calling |contact |call |marketing |mailing )?(?:list|database)|our (?:do not call|calling|contact|call|marketing) records|(?:remove|take|put|drop) you (?:off|from|out)|(?:call|contact|ring|bother|reach) you (?:again|anymore|any more)|we (?:won'?t|will not|will no longer) (?:call|contact|ring|bother)(?: you)?|our (?:calls|messages|reminders|reminder calls)|(?:calls|messages) from us)(?![a-z])",
      "(?<![a-z])(?:nuestra (?:lista|base de datos)|nuestros registros|(?:dejaremos|dejamos) de (?:llamarle|llamarla|llamarlo|contactarle)|notre (?:liste|fichier|base)|nos fichiers|unsere[nr]? [a-z]*(?:liste|kartei|datenbank|verteiler)|onze [a-z]*(?:lijst|bestand)|onze database|nossa (?:lista|base)|nossos registros|nostra (?:lista|banca dati)|nostri (?:elenchi|archivi)|nasz(?:ej|a) (?:listy|lista|bazy|baza)|hamari (?:list|suchi)|nuestras (?:llamadas|comunicaciones)|nos (?:appels|rappels|messages)|unsere[n]? (?:anrufe|nachrichten|erinnerungsanrufe)|anrufe von uns|onze (?:telefoontjes|oproepen|berichten)|nossas (?:ligacoes|chamadas|mensagens)|(?:le )?nostre (?:chiamate|telefonate)|nasz(?:ych|e) (?:telefonow|telefony|polaczen|polaczenia)|(?:telefonow|polaczen) od nas|hamari calls?|hamare calls)(?![a-z])",
      // The calling side telling of a change it made to the callee's things: "we removed the fee from your bill".
      "(?<![a-z])(?:we(?:'ve| have)? (?:removed|took|taken|deleted|dropped|waived|credited) (?:\\w+ ){1,6}?(?:off|from) your|(?:hemos|le hemos) (?:quitado|eliminado|retirado|descontado|borrado) (?:\\w+ ){1,6}?de su|nous avons (?:retire|supprime|enleve|deduit) (?:\\w+ ){1,6}?de votre|(?:removemos|retiramos|tiramos|descontamos) (?:\\w+ ){1,6}?d[ao] (?:sua|seu)|abbiamo (?:tolto|rimosso|eliminato|stornato) (?:\\w+ ){1,6}?dal(?:la|lo)? sua)(?![a-z])",
      "我们的(?:名单|名單|列表|系统|系統|电话|電話|来电|來電)|我們的(?:電話|來電)|弊社の|当社の(?:リスト|名簿)|私どもからの|हमारी (?:लिस्ट|सूची|कॉल)|हमारे कॉल|قائمتنا|سجلاتنا|اتصالاتنا|مكالماتنا",
    ].join("|"),
  ),
);

/** A key on the phone, as a digit or a word. */
const KEY =
  "(?:\\d|one|two|three|four|five|six|seven|eight|nine|zero|star|pound|hash|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|cero|un|deux|trois|quatre|cinq|six|sept|huit|neuf|eins|zwei|drei|vier|funf|sechs|sieben|acht|neun|null|due|tre|quattro|cinque|sei|sette|otto|nove|um|dois|quatro|sete|oito|een|twee|drie|vijf|zes|zeven|negen|nul|jeden|jedynke|dwa|trzy|cztery|piec|szesc|siedem|osiem|dziewiec|dziewiatke|ek|teen|char|chaar|paanch|saat|aath|nau)";
/**
 * The calling side's instructions to press a key or say a word ("to stop these reminders, press nine", "pulse nueve",
 * "请按九", "九を押してください", "اضغط"): a recorded script's, never the callee's (who says "I pressed", "they told me
 * to press").
 */
const INSTRUCTS = new RegExp(
  // Folded as the text is: "ください" loses nothing, its "だ" is "た" and a mark.
  foldPattern(
    [
      `(?<![a-z])(?<!(?:to|i|we|they|you|he|she) )(?:press|dial|push) (?:the )?(?:key )?${KEY}(?![a-z])`,
      `(?<![a-z])(?<!(?:to|i|we|they) )(?:say|reply|text) (?:" )?\\w+ (?:" )?to (?:opt out|unsubscribe|stop (?:these|the|our) \\w+)(?![a-z])`,
      `(?<![a-z])(?:pulse|presione|oprima|marque|appuyez sur|tapez|composez|drucken sie|wahlen sie|prema|digiti|digite|pressione|tecle|aperte|druk op|toets|nacisnij|wcisnij) (?:el |la |le |il |o |a |de |die |the )?(?:tecla |touche |taste |tasto |toets |klawisz )?${KEY}(?![a-z])`,
      "(?<![a-z])\\w+ dabaiye(?![a-z])|请按|請按|按[0-9零一二三四五六七八九]键|を押してください|दबाएँ|दबाएं|दबाइए|اضغط|اضغطي|اضغطوا",
    ].join("|"),
  ),
);

/** The speaker asks for the person by name or title ("Am I speaking with Mr. Chen?"). */
export function asksForPerson(folded: string): boolean {
  return ASKS_FOR.test(folded);
}

/** The turn speaks as the calling side about its own list or calls ("I'll take you off our list"). */
export function speaksForCallingSide(folded: string): boolean {
  return AGENT_VOICE.test(folded) || INSTRUCTS.test(folded);
}
