/** Italian. Patterns are over folded text: no accents, lower case. */
import type { LexiconSource } from "../lexicon.js";

export const it: LexiconSource = {
  lang: "it",
  macros: {
    PRON: "(?:mi |ci |la |lo |le |gli |ti )",
    CHIAMARE:
      "(?:chiamar(?:mi|ci|la|lo|e|mi piu)?|chiami|chiamate|chiamino|chiamatemi|richiamar(?:mi|e)?|richiamate|telefonar(?:mi|ci|e|le|gli)?|telefonate|contattar(?:mi|ci|e|la|lo)?|contattate|disturbar(?:mi|e)?|disturbate|cercar(?:mi|e))",
    LISTA:
      "(?:lista|liste|elenco|elenchi|database|banca dati|banche dati|archivio|archivi|rubrica|contatti|registro|registri|sistema|sistemi)",
    CHIAMATE: "(?:chiamate|chiamata|telefonate|telefonata|contatti|messaggi)",
  },
  /** Words and stems (ending in *) that show a line may be in this language: only such lines are read in it. */
  markers:
    "non di che favore piu mai lei voi grazie possiamo ricontatt* mio mia ma basta certo forse niente chiam* richiam* contatt* smett* togli* tolg* rimuov* cancell* elimin* elenc* disturb* lasci* dimentic* quant* vogli* vuol* desider* consens* revoc* oppon* registr* la il un si con per mi list* numer* telefon*",
  asked: [
    [
      "direct",
      "(?:smettete|smetta|smettila|smettetela|smettere|basta|finitela|la smetta) (?:di |con le |con )?(?:{CHIAMARE}|{CHIAMATE})",
    ],
    [
      "direct",
      "non {PRON}?(?:{CHIAMARE}|chiamatemi|telefonatemi|contattatemi|cercatemi|disturbatemi|telefoni|contatti|richiami|disturbi) (?:\\w+ )?(?:piu|mai piu|mai)(?! tardi)",
    ],
    ["direct", "(?:chiamatemi|telefonatemi|contattatemi|cercatemi|richiamatemi) (?:\\w+ )?(?:mai piu)"],
    [
      "direct",
      "non (?:voglio|vogliamo|vuole|desidero|desidera) (?:piu )?(?:ricevere |essere )?(?:piu |altre |le vostre |queste |nessuna |vostre )*(?:\\w+ )?(?:{CHIAMATE}|chiamat[oa]|contattat[oa]|disturbat[oa]|cercat[oa])",
    ],
    [
      "direct",
      "non (?:voglio|vogliamo|vuole) (?:piu )?che (?:mi |ci |lo |la )?(?:chiamiate|chiamino|contattiate|telefoniate|cerchiate)",
    ],
    ["direct", "(?:niente|nessuna|basta) (?:piu |altre )?(?:\\w+ )?{CHIAMATE}|basta {CHIAMARE}"],
    [
      "removal",
      "(?:mi |ci )?(?:tolga|togliete|togli|toglietemi|togliermi|rimuova|rimuovete|rimuovetemi|cancelli|cancellate|cancellatemi|elimini|eliminate|eliminatemi|levate|levatemi|depennate)(?: il mio numero| questo numero| i miei dati| mi)? (?:dalla|dal|dalle|dai|da) (?:\\w+ ){0,2}?{LISTA}",
    ],
    [
      "removal",
      "(?:cancellate|eliminate|cancelli|elimini) (?:il mio numero|i miei dati)|registro (?:pubblico )?delle opposizioni|(?:essere )?(?:rimoss|cancellat|tolt)[oaie] (?:dalla|dal|dai|dalle) (?:\\w+ ){0,2}?{LISTA}",
    ],
    ["revocation", "(?:revoco|ritiro|revocare|ritirare) (?:il )?(?:mio )?(?:consenso|autorizzazione|permesso)"],
    ["revocation", "mi oppongo (?:a|al|alle)(?: \\w+){0,3} (?:chiamate|contatti|telefonate|trattamento)"],
    [
      "revocation",
      "non (?:do|autorizzo|acconsento)(?: piu)? (?:il )?(?:consenso|permesso|autorizzazione)? ?(?:a|per|alle)? ?(?:essere )?(?:chiamat|contattat|telefonate|chiamate)",
    ],
    ["indirect", "quante volte (?:\\w+ ){0,4}?(?:dire|ripetere|dirvelo|dirlo)"],
    ["indirect", "(?:lasciatemi|lasciami|mi lasci|lasciateci) in pace"],
    [
      "indirect",
      "(?:stuf|stanc)[oaie]h?i? (?:delle|di|di queste|dei|di tutte queste) (?:vostre |queste |sue |tue )?(?:\\w+ )?{CHIAMATE}|ne ho abbastanza (?:delle|di) (?:\\w+ )?{CHIAMATE}",
    ],
    [
      "indirect",
      "(?:mi avete|mi hai|ci avete) (?:stancato|stufato|stancata|stufata|rotto)(?: \\w+)? con (?:\\w+ )?{CHIAMATE}",
    ],
    ["indirect", "dimenticate(?:vi)? (?:il )?(?:mio|questo) numero"],
  ],
  possible: [
    ["hedged", "(?:se|che) questa (?:fosse|sia) l'ultima (?:telefonata|chiamata|volta)"],
    [
      "indirect",
      "(?:ancora|di nuovo) voi(?=[.!?,]|$)|voi (?:ancora|di nuovo)(?=[.!?,]|$)|vi piace (?:proprio |davvero )?chiamare",
    ],
    [
      "hedged",
      "non e (?:\\w+ ){0,2}?(?:il numero giusto|un buon numero|il numero adatto) per (?:questo|queste cose|questo genere)",
    ],
    // Near misses: a word of ending and a word of calling close together, worded unlike the cues above.
    [
      "hedged",
      "(?:basta|smett\\w*|mai piu|non piu|togli\\w*|tolg\\w*|cancell\\w*|rimuov\\w*|stuf\\w*|stanc\\w*)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,3}? (?:chiam\\w*|telefon\\w*|contatt\\w*|il mio numero|questo numero|dalla lista|vostra lista)|(?:chiam\\w*|telefon\\w*|contatt\\w*|il mio numero|questo numero|dalla lista|vostra lista)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,2}? (?:basta|smett\\w*|mai piu|non piu|togli\\w*|tolg\\w*|cancell\\w*|rimuov\\w*|stuf\\w*|stanc\\w*)",
    ],

    ["hedged", "non si disturbi|non ti disturbare|non perda tempo"],
    [
      "indirect",
      "perche (?:continuate|continua|insistete) a (?:chiamarmi|chiamare|telefonarmi)|(?:mi )?chiamate (?:ogni giorno|sempre|tutti i giorni|di continuo)",
    ],
    ["indirect", "(?:e una|questa e una) persecuzione|e molestia"],
    ["third-party", "numero sbagliato|ha sbagliato numero|(?:e )?deceduto|non abita piu qui"],
  ],
  exempt: [
    "rispost\\w* al telefono",
    "lista d'attesa|lista di attesa|lista degli invitati|lista della spesa|lista (?:delle )?adozion[ei]|lista (?:dei )?volontari",
    "(?:chiami|chiamare|chiamate)(?: mi)? (?:signora|signore|signorina|dottore|dottoressa|professore|professoressa|maestr[oa]|avvocato|ingegnere|per nome)",
    "(?:consenso|autorizzo|acconsento)(?: \\w+){0,3} (?:alla )?registrazione",
  ],
  negated: [
    "non (?:vi |le |ti )?(?:sto chiedendo|chiedo|ho chiesto|ho detto|dico)(?: di| che)?",
    "non {PRON}?",
    "non (?:serve|c'e bisogno)(?: di| che)?",
    "se (?:vuole|preferisce|desidera)(?: che)?",
    "(?:dica|dite|mi dica) ",
  ],
  reported: [
    "(?:mio|mia|un|una|il|la) (?:\\w+ )?(?:amic[oa]|vicin[oa]|sorella|fratello|cugin[oa]|collega|capo)s? (?:\\w+ ){0,3}?(?:dice|diceva|ha detto|disse)",
    "(?:lui|lei|loro|qualcuno) (?:\\w+ )?(?:dice|diceva|ha detto)",
  ],
  retracted: ["ma (?:io )?non", "scherzo", "scherzavo", "ahah"],
  lead: "(?:guardi|allora|beh|ecco|senta|mah|(?:oh )?dio|oddio|mamma mia|madonna)",
  yes: "(?:si|certo|certamente|volentieri|va bene|ok|okay|esatto|grazie|per favore|sicuro|d'accordo|perfetto)",
  no: "(?:no|mai|per niente|assolutamente no|no grazie|neanche per sogno)",
  unsure: "(?:non so|forse|magari|non sono sicur[oa]|ci pensero|vedremo)",
  offer: [
    "(?:desidera|vuole|preferisce|gradisce)(?: che)? (?:la |lo |ti )?(?:rimuova|tolga|cancelli|rimuoviamo|togliamo|cancelliamo|rimuovere|togliere|cancellare)",
    "(?:desidera|vuole|preferisce)(?: che)? (?:non )?(?:la |lo )?(?:chiamiamo piu|smettiamo di chiamar)",
  ],
  keep: [
    "(?:vuole|desidera|gradisce) (?:continuare|ancora) (?:a )?(?:ricevere|essere)",
    "(?:possiamo|posso) (?:ricontattarla|richiamarla|contattarla) (?:in futuro|ancora|di nuovo)",
  ],
  courtesy: "se (?:lo )?(?:preferisce|vuole|desidera|gradisce|preferisci|vuoi)(?= ?[,.!?;]|$)",
  past: "(?:le|ti|vi) e mai (?:capitato|successo)|(?:ha|hai|avete) mai",
  confirm: ["(?:l'ho|la ho|l'abbiamo) (?:rimoss|tolt|cancellat)[oa]", "non la (?:chiameremo|contatteremo) piu"],
  intro: ["(?:sono|mi chiamo|qui e|le parla|il mio nome e) ([a-z]+)(?: [a-z]+)?,? (?:di|da|della|dello|del|per conto)"],
  keys: ["chiamarmi", "chiamare", "chiamate", "numero", "lista", "smettete", "telefonare"],
  aliases: { kiamarmi: "chiamarmi", kiamare: "chiamare", kiamate: "chiamate" },
  hedges: "forse|magari|non so se|credo che",
  summary: [
    [
      "reported",
      "ha chiesto di non essere (?:piu )?(?:chiamat|contattat|ricontattat)[oa]|ha chiesto di essere (?:rimoss|cancellat)[oa]",
    ],
  ],
  summaryHints: [["hedged", "(?:infastidit|irritat|seccat)[oa] (?:dalle|per le) (?:\\w+ )?(?:chiamate|telefonate)"]],
  denied: ["non ha chiesto di"],
};
