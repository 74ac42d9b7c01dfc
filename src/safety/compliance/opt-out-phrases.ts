/**
 * The ways a person asks not to be called again, in English, Spanish, French and
 * German. Matched against text folded by `foldText` (lower case, accents removed,
 * curly apostrophes straightened, spaces collapsed), so the patterns are written
 * without accents. They err toward suppressing: a phrase that might be an opt-out
 * is one ("stop calling" even inside a longer sentence), because a missed opt-out
 * costs a person's right and the operator a fine, and a wrong one costs a lead.
 */

export interface OptOutPhrase {
  lang: "en" | "es" | "fr" | "de";
  pattern: RegExp;
}

const p = (lang: OptOutPhrase["lang"], pattern: RegExp): OptOutPhrase => ({ lang, pattern });

// Pieces shared by several patterns.
const EN_NEG = "(?:don'?t|do not|dont|never|no longer|quit|stop)";
const EN_CALL = "(?:call|calling|ring|ringing|phone|phoning|contact|contacting|text|texting|bother|bothering)";
const EN_ME =
  "(?:me|us|my (?:number|phone|mother|father|mom|mum|dad|husband|wife|family)|this (?:number|phone|line)|here|this house(?:hold)?)";
const EN_LIST = "(?:list|lists|calling list|call list|database|records|system|file)";

export const OPT_OUT_PHRASES: readonly OptOutPhrase[] = [
  // English
  p("en", new RegExp(`\\b(?:stop|quit|cease) ${EN_CALL}\\b`)),
  p("en", new RegExp(`\\b${EN_NEG} (?:ever )?${EN_CALL} ${EN_ME}\\b`)),
  p("en", new RegExp(`\\b${EN_NEG} (?:ever )?${EN_CALL} (?:\\w+ ){0,3}again\\b`)),
  p(
    "en",
    new RegExp(`\\b(?:take|remove|delete|scratch|strike|get) ${EN_ME} (?:off|from|out of) (?:\\w+ ){0,2}${EN_LIST}\\b`),
  ),
  p(
    "en",
    new RegExp(`\\b(?:put|add|place) ${EN_ME} (?:on|to) (?:\\w+ ){0,2}(?:do[ -]?not[ -]?call|dnc|no[ -]call)\\b`),
  ),
  p("en", /\bdo[ -]?not[ -]?call (?:list|registry|register)\b/),
  p("en", /\b(?:no|dont want|do not want|don't want) (?:any )?more (?:calls|phone calls|of these calls)\b/),
  p(
    "en",
    /\b(?:i|we) (?:don'?t|do not|dont) want (?:to (?:be|get|receive) )?(?:called|calls|these calls|your calls|any calls)\b/,
  ),
  p("en", /\b(?:unsubscribe|opt me out|opt out|opting out|lose my number|leave me alone)\b/),
  p("en", /\bnever call\b/),
  // Reported speech, as summaries put it ("the customer asked not to be called again").
  p(
    "en",
    /\b(?:asked|requested|wants|wanted|asking|requesting|demanded|insisted) (?:us |that we |the agent |the caller )?(?:not to (?:be )?(?:call|called|contact|contacted|phoned)|to be (?:removed|taken off|put on)|to stop|that we stop|no (?:more|further) (?:calls|contact))\b/,
  ),
  p("en", /\bnot (?:to )?be (?:called|contacted|phoned) (?:again|anymore|any more)\b/),
  p("en", /\b(?:opted out|do not call request|dnc request|removal request)\b/),
  // Spanish
  p("es", /\b(?:deje|dejen|deja|dejad) de (?:llamar|llamarme|llamarnos|molestar|molestarme)\b/),
  p("es", /\bno (?:me |nos |le |les )?(?:vuelva|vuelvan|vuelvas|volver) a llamar\b/),
  p("es", /\bno (?:me |nos |le )?(?:llame|llamen|llames|llamar) (?:mas|nunca)\b/),
  p("es", /\bnunca (?:me |nos )?(?:llame|llamen|llames|vuelvan a llamar)\b/),
  p(
    "es",
    /\b(?:saqueme|saquenme|sacame|quiteme|quitenme|quitame|borreme|borrenme|borrame|elimineme|eliminenme|eliminame|sacar mi numero|quitar mi numero|borrar mi numero|borren mi numero|eliminen mi numero) (?:de|del)\b/,
  ),
  p("es", /\bno quiero (?:recibir |que me (?:llamen|vuelvan a llamar))(?:mas )?(?:llamadas)?/),
  p("es", /\bno quiero (?:mas )?llamadas\b/),
  p("es", /\b(?:no ser (?:llamado|llamada|contactado|contactada)|no volver a (?:ser )?(?:llamar|llamad|contactar))/),
  p("es", /\b(?:lista (?:de )?(?:no llamar|exclusion)|lista robinson)\b/),
  // French
  p(
    "fr",
    /\b(?:arretez|arrete|arreter|cessez|cesse|cesser) de (?:m'|nous |me |l')?(?:appeler|telephoner|harceler|rappeler)\b/,
  ),
  p(
    "fr",
    /\bne (?:m'|me |nous |l'|le |la )?(?:appelez|appelle|appelles|rappelez|rappelle|telephonez) (?:plus|jamais)\b/,
  ),
  p("fr", /\bne plus (?:m'|me |nous )?(?:appeler|rappeler|telephoner|contacter)\b/),
  p(
    "fr",
    /\b(?:retirez|retire|supprimez|supprime|enlevez|enleve|rayez|effacez)(?:[- ]moi| mon numero| nous)? (?:de|du|des)\b/,
  ),
  p(
    "fr",
    /\bje ne (?:veux|souhaite) plus (?:etre (?:appele|appelee|contacte|contactee|derange|derangee)|recevoir|d'appels|vos appels|que vous)/,
  ),
  p("fr", /\bne plus etre (?:appele|appelee|contacte|contactee|rappele|rappelee)\b/),
  p("fr", /\b(?:plus d'appels|bloctel|liste d'opposition)\b/),
  // German
  p("de", /\b(?:horen|hoeren|hor|hoer|horn) sie (?:endlich )?auf,? (?:mich |uns )?(?:anzurufen|hier anzurufen)\b/),
  p("de", /\b(?:hor|hoer|horen|hoeren) auf,? (?:mich |uns )?(?:anzurufen|anzurufen)\b/),
  p(
    "de",
    /\b(?:rufen sie|ruf|ruft|rufen) (?:mich |uns |hier |meine mutter |diese nummer )?(?:bitte )?(?:nicht mehr|nie wieder|nie mehr|nicht wieder|bitte nicht mehr) an\b/,
  ),
  p("de", /\bnicht mehr (?:an(?:zu)?rufen|anrufen|kontaktieren)\b/),
  p("de", /\b(?:streichen|loschen|loeschen|entfernen|nehmen) sie (?:mich|meine nummer|uns|diese nummer) (?:aus|von)\b/),
  p("de", /\bich (?:mochte|moechte|will|wunsche|wuensche) keine (?:\w+ )?(?:anrufe|werbeanrufe|werbung)\b/),
  p("de", /\bkeine (?:anrufe|werbeanrufe) mehr\b/),
  p("de", /\bnicht mehr (?:angerufen|kontaktiert)\b/),
  p("de", /\b(?:sperrliste|werbewiderspruch|ich widerspreche)\b/),
];
