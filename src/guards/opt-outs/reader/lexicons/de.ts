/** German. Patterns are over folded text: umlauts lose their dots (a, o, u), ß is ss. */
import type { LexiconSource } from "../lexicon.js";

export const de: LexiconSource = {
  lang: "de",
  macros: {
    ANRUFEN:
      "(?:anzurufen|anrufen|an ?zu ?rufen|zu kontaktieren|kontaktieren|zu belastigen|belastigen|zu storen|storen|anzuschreiben)",
    LISTE: "(?:liste|listen|datenbank|kartei|verteiler|system|anrufliste|kontaktliste|adressliste|datei|register)",
    ANRUFE: "(?:\\w*anrufen?|\\w*anrufe|\\w*telefonaten?|werbung|kontaktaufnahmen?|\\w*gesprachen?|telefonwerbung)",
  },
  /** Words and stems (ending in *) that show a line may be in this language: only such lines are read in it. */
  markers:
    "ich sie nicht mehr mich mir uns der das und oder aber bitte danke nein kein keine keinen wie oft mit von aus auf zu nie wieder schluss genug vielleicht genau gerne klar ruf* anruf* anzuruf* hor* hör* kontakt* losch* lösch* streich* entfern* liste* nummer* belast* wider* einwillig* ruhe* vergess* sperr* abmeld* mocht* möcht* wunsch* werbe* die ja list* ist bin sind hab habe haben wird werden ein eine einen einem einer dem des auch noch schon doch mal nur jetzt hier dass ob wenn weil denn eigentlich ihre ihr ihnen euch dich dir du wir ihm ihn mein meine meinen meiner wer wo warum wann kann konnen konnt* konnte* wurde* ware* sollen soll muss mussen muss* gibt bekomm* krieg* erhalt* nehm* angeruf* telefon* lieber seltener",
  asked: [
    [
      "direct",
      "(?:horen|hor|hort|horn) (?:sie |ihr )?(?:endlich |bitte |sofort )?(?:damit )?auf,? (?:mich |uns |hier |meine \\w+ )?(?:standig )?{ANRUFEN}",
    ],
    [
      "direct",
      "(?:horen|hor|hort) (?:sie |ihr )?(?:endlich |bitte )?mit (?:den|diesen|ihren|euren|dem) (?:\\w+ )?{ANRUFE} auf",
    ],
    [
      "direct",
      "(?:rufen sie|ruf|ruft|rufen|rufe) (?:mich |uns |hier |diese nummer |meine \\w+ |ihn |sie |bei mir |bei uns )*(?:bitte |ja |einfach |auch )?(?:nicht mehr|nie wieder|nie mehr|nicht wieder|niemals wieder|nich mehr|nie) an",
    ],
    [
      "direct",
      "(?:nicht|nie) (?:mehr|wieder) (?:\\w+ ){0,3}?(?:angerufen|kontaktiert|belastigt|gestort|behelligt) (?:zu )?werden",
    ],
    [
      "removal",
      "(?:aus|von) (?:ihrer|der|eurer|ihren|den) (?:\\w+ )?{LISTE} (?:gestrichen|geloscht|entfernt|genommen|ausgetragen)",
    ],
    ["direct", "aufhoren,? (?:mich |uns )?(?:standig )?{ANRUFEN}"],
    [
      "direct",
      "(?:kontaktieren|belastigen|storen) sie (?:mich |uns )?(?:bitte )?(?:nicht mehr|nie wieder|nicht wieder|nie mehr)",
    ],
    [
      "direct",
      "(?:nicht|nie) (?:mehr|wieder) (?:an(?:zu)?rufen|anrufen|kontaktieren|angerufen|kontaktiert|belastigt|gestort)",
    ],
    [
      "direct",
      "(?:ich|wir|er|sie|mein \\w+|meine \\w+) (?:mochte|mochten|will|wollen|wunsche|wunschen|mag|möchte) (?:\\w+ )?(?:keine|kein|nicht mehr|nie wieder) (?:\\w+ )?(?:{ANRUFE}|angerufen|kontaktiert|belastigt)",
    ],
    ["direct", "(?:nichts mehr|nie wieder (?:etwas|was)) von (?:ihnen|euch|dir) horen"],
    [
      "direct",
      "unterlassen sie(?: es)?(?: bitte)?,?(?: mich| uns)? (?:\\w+ )?(?:{ANRUFE}|anzurufen|kontakt\\w*)|weitere {ANRUFE} (?:unterlassen|einstellen)",
    ],
    [
      "direct",
      "melden sie sich (?:bitte )?(?:nie(?:mals)?|nicht) (?:mehr|wieder)|(?:nicht|nie) mehr (?:bei mir |bei uns )?melden",
    ],
    [
      "direct",
      "verbitte (?:mir|mich|uns) (?:\\w+ )?(?:{ANRUFE}|anzurufen)|(?:\\w+ )?{ANRUFE} (?:satt|leid)|genug von (?:\\w+ )?{ANRUFE}",
    ],
    ["direct", "keine (?:\\w+ )?{ANRUFE} mehr|keine weiteren (?:\\w+ )?{ANRUFE}"],
    [
      "removal",
      "(?:streichen|loschen|entfernen|nehmen|tragen|austragen) sie (?:mich|meine nummer|uns|diese nummer|meine daten) (?:(?!nicht |nie )\\w+ )?(?:aus|von|in) (?:\\w+ ){0,2}?(?:{LISTE}|sperrliste)",
    ],
    [
      "removal",
      "(?:loschen|entfernen|streichen) sie (?:bitte )?(?:meine (?:nummer|daten|telefonnummer)|mich)(?! nicht| nie)|(?:mich|meine nummer) (?:aus|von) (?:ihrer|der|eurer) (?:\\w+ )?{LISTE} (?:streichen|loschen|entfernen|nehmen|austragen)",
    ],
    [
      "removal",
      "(?:ich (?:mochte|will) )?mich abmelden|austragen lassen|sperrliste|robinsonliste|werbewiderspruch|ich widerspreche|widerspreche (?:der|dem|jeder)",
    ],
    [
      "revocation",
      "(?:widerrufe|widerrufen|ziehe|entziehe) (?:ich )?(?:meine |hiermit |die )*(?:einwilligung|zustimmung|erlaubnis|einverstandnis)",
    ],
    [
      "revocation",
      "(?:keine|nicht mehr) (?:einwilligung|zustimmung|erlaubnis)(?: \\w+){0,3} (?:anrufe|anzurufen|kontakt)",
    ],
    ["indirect", "wie oft (?:\\w+ ){0,4}?(?:sagen|wiederholen|erklaren)"],
    ["indirect", "(?:lassen sie|lass|lasst) (?:mich|uns) (?:\\w+ ){0,4}?in ruhe"],
    [
      "indirect",
      "vergessen sie (?:meine|diese) nummer|(?:schluss|genug) (?:mit (?:den|diesen|ihren) )?(?:\\w+ )?(?:anrufen|anrufe)",
    ],
  ],
  possible: [
    ["hedged", "(?:wenn|dass) (?:das|dies) (?:der letzte anruf|das letzte mal) (?:ware|ist|sei|war|bleibt)"],
    [
      "indirect",
      "(?:sie|ihr|du) schon wieder(?=[.!?,]|$)|(?:ach|oh|na|nicht) (?:sie|ihr|du) (?:schon )?wieder|(?:sie|ihr) ruf(?:en|t) (?:ja |aber |wohl )?(?:echt |wirklich |sehr |ganz schon )?gerne? an",
    ],
    [
      "hedged",
      "(?:(?:das|diese nummer) ist|ist (?:das|diese nummer)) (?:\\w+ ){0,2}?(?:nicht|keine) (?:\\w+ ){0,2}?(?:die |eine )?(?:richtige|gute|passende) (?:nummer )?(?:dafur|fur so was|fur sowas)",
    ],
    // Near misses: a word of ending and a word of calling close together, worded unlike the cues above.
    [
      "hedged",
      "(?:aufhoren|horen sie auf|nicht mehr|nie wieder|keine|schluss|genug|loschen|streichen|entfernen|satt)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,3}? (?:\\w*anruf\\w*|anzurufen|telefon\\w*|kontakt\\w*|meine nummer|diese nummer|ihrer liste|der liste)|(?:\\w*anruf\\w*|anzurufen|telefon\\w*|kontakt\\w*|meine nummer|diese nummer|ihrer liste|der liste)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,2}? (?:aufhoren|horen sie auf|nicht mehr|nie wieder|keine|schluss|genug|loschen|streichen|entfernen|satt)",
    ],

    [
      "hedged",
      "sparen sie sich (?:die muhe|den anruf)|(?:kein|keinerlei) interesse,? (?:also |und )?(?:bitte )?(?:nicht|keine muhe)",
    ],
    [
      "indirect",
      "warum (?:rufen sie|ruft ihr) (?:mich |uns )?(?:standig|dauernd|immer wieder|jeden tag|schon wieder|andauernd) an",
    ],
    [
      "indirect",
      "das ist belastigung|schluss damit|lassen sie das|(?:\\w+ )?{ANRUFE} (?:nerven|storen|belastigen|reichen)",
    ],
    ["third-party", "falsche nummer|falsch verbunden|(?:ist )?verstorben|wohnt (?:hier )?nicht mehr"],
  ],
  exempt: [
    "(?:ans telefon gegangen|(?:telefon|horer|anruf) (?:\\w+ )?(?:abgenommen|angenommen))",
    "warteliste|gastliste|einkaufsliste|wunschliste|nachrucker ?liste|pflegestellen ?liste|adoptions ?liste|helfer ?liste",
    "(?:nennen sie|nenn) (?:mich )?(?:nicht )?\\w+",
    "(?:nicht )?einverstanden(?: \\w+){0,3} aufgezeichnet|aufzeichnung",
  ],
  negated: [
    "(?:ich )?(?:sage|sag|habe|hab) (?:ja )?nicht(?: gesagt)?,?(?: dass)?(?: sie| ihr| du)?",
    "(?:bitte )?(?:nicht|nie|kein)",
    "wenn sie (?:mochten|wollen|wunschen)(?:,)?(?: dass)?",
    "(?:sagen sie|sag) (?:einfach )?",
  ],
  reported: [
    "(?:mein|meine|ein|eine|der|die) (?:\\w+ )?(?:freund|freundin|nachbar|nachbarin|schwester|bruder|kollege|kollegin|chef|werbung|lied)s? (?:\\w+ ){0,3}?(?:sagt|sagte|meint|meinte|hat gesagt|ruft)",
    "(?:er|sie|jemand|man) (?:\\w+ )?(?:sagt|sagte|meinte) (?:immer )?",
  ],
  retracted: ["aber (?:ich )?(?:nicht|nie)", "(?:nur )?(?:ein )?(?:spass|scherz)", "haha"],
  lead: "(?:also|na ja|naja|ach|ahm|hm|ehrlich gesagt|nun|(?:oh |mein )?gott|um gottes willen|mensch)",
  yes: "(?:ja|jawohl|genau|gerne|gern|sicher|klar|bitte|naturlich|auf jeden fall|ok|okay|einverstanden|richtig|machen sie das|bitte sehr|ja bitte|jo|jep)",
  no: "(?:nein|ne|nee|nö|no|auf keinen fall|keinesfalls|nie|niemals|eher nicht|nicht wirklich|nein danke)",
  unsure: "(?:weiss nicht|ich weiss nicht|vielleicht|mal sehen|keine ahnung|bin mir nicht sicher|eventuell)",
  offer: [
    "(?:soll|sollen|darf|durfen|mochten sie|wollen sie)(?: ich| wir)?(?: sie)? (?:\\w+ )?(?:von|aus) (?:unserer|der|ihrer) (?:\\w+ )?(?:liste|anrufliste|datenbank|kartei) (?:streichen|nehmen|entfernen|loschen|austragen)",
    "(?:soll|sollen|mochten sie|wollen sie),?(?: dass)?(?: ich| wir)?(?: sie)? (?:nicht mehr|nie wieder) (?:anrufen|kontaktieren)|(?:sperrliste|abmelden)\\w*",
  ],
  keep: [
    "(?:mochten|wollen|wunschen) sie (?:weiterhin|auch kunftig|in zukunft) (?:anrufe|informationen|angebote|angerufen)",
    "durfen wir sie (?:weiterhin|wieder|kunftig|in zukunft) (?:anrufen|kontaktieren)",
  ],
  courtesy:
    "wenn (?:sie|du) (?:das )?(?:mochten|wollen|mochtest|willst|wunschen|bevorzugen)(?= ?[,.!?;]|$)|falls gewunscht|auf wunsch",
  past: "(?:haben|hast|hatten) (?:sie|du) (?:schon (?:einmal|mal)|jemals|je)",
  confirm: [
    "(?:ich habe|wir haben|ich werde|wir werden) sie (?:von|aus) (?:\\w+ )?(?:liste|datenbank|kartei) (?:gestrichen|entfernt|genommen|streichen|entfernen)",
    "wir (?:werden|rufen) sie nicht mehr an",
  ],
  intro: [
    "(?:hier ist|ich bin|mein name ist|hier spricht|es spricht) ([a-z]+)(?: [a-z]+)?,? (?:von|vom|von der|aus|bei)",
  ],
  keys: ["anrufen", "anzurufen", "nicht", "mehr", "liste", "nummer", "kontaktieren"],
  aliases: { nich: "nicht", nischt: "nicht", anrufn: "anrufen" },
  hedges: "vielleicht|ich weiss nicht ob|eventuell|glaube ich",
  summary: [
    [
      "reported",
      "(?:mochte|will|wunscht|bat|bittet|verlangt)(?: darum)?,? (?:nicht mehr|keine (?:\\w+ )?anrufe|aus der liste|von der liste) (?:\\w+ )?(?:angerufen|kontaktiert|gestrichen|entfernt|zu werden|mehr)?",
    ],
  ],
  summaryHints: [["hedged", "(?:genervt|verargert|verärgert|gereizt) (?:von|uber|wegen) (?:den )?(?:\\w+ )?anrufe"]],
  denied: ["(?:hat|hatte) nicht (?:darum )?gebeten"],
};
