/** Italian concept words (concepts.ts), with Roman and southern forms (nun, 'ste, ahò). Folded text. `~` ends a stem. */
import type { ConceptSource } from "../concepts.js";

export const it: ConceptSource = {
  lang: "it",
  script: "latin",
  entries: [
    // A stop said to someone beside the callee, then excused ("stop, you make me laugh — sorry, that's my son").
    [
      "OKCALL",
      "(?:smettila|basta|piantala|finiscila|stop)(?:(?!chiam|telefon|contatt)[^.?!]){0,60}?(?:scusi|scusa|mi scusi|pardon)[,.!]? (?:e|era|parlavo con|stavo parlando con) (?:il |la |lo )?(?:mio|mia|miei|nostro|nostra) [a-z]+",
    ],
    // The callee calling back themself ("I'll call back to rebook"): contact kept, not refused.
    ["CALL LATER", "(?:la |vi )?richiamo io|(?:la |vi )?richiamero"],
    // This call welcomed after talk of something else ("anyway, what's this about?"), or told it is not meant.
    [
      "OKCALL",
      "(?:comunque|vabbe|va bene|allora|anyway|insomma)[,.]? (?:(?:di )?cosa (?:si tratta|le serve|desidera|voleva|mi diceva)|in cosa posso aiutarla)|non (?:e|era) (?:per|con) (?:voi|lei)|non ce l'ho con (?:voi|lei)",
    ],
    // The calls said not to bother, or the caller reassured ("they don't bother me", "vous ne me dérangez pas"); not the
    // request "don't bother me".
    [
      "OKCALL",
      "non (?:mi |ci )?(?:disturba(?:no)?|da(?:nno)? fastidio)(?! piu)|(?:lei |voi |questo )?non (?:mi |ci )?(?:disturba(?:no)?|da(?:nno)? fastidio)(?: affatto| per niente)?(?![a-z])",
    ],
    [
      "WANT",
      "(?:sarebbe|e|sara) (?:meglio|bello|bene|preferibile|piu comodo) se|(?:le |ti )?va bene se|preferirei (?:che|se)",
    ],
    ["REPEAT", "(?:troppo |cosi |molto )?spesso|troppe (?:volte|chiamate|telefonate)|troppo|meno(?! male)"],
    ["CALL MORE", "richiam~|ricontatt~|risentir~"],
    [
      "HOWGOT",
      "(?:chi|come|dove|da dove) (?:\\w+ ){0,4}?(?:dato|data|passato|preso|trovato|avuto|avete|hai|ha) (?:\\w+ ){0,2}?(?:il )?(?:mio|questo|nostro) (?:\\w+ )?(?:numero|telefono|contatto|cellulare|recapito)",
    ],
    [
      "RETRACT",
      "dimentic(?:hi|a|ate) quello che (?:ho|le ho|ti ho|vi ho) detto|lasci perdere quello che ho detto|non (?:lo )?dicevo sul serio|scherzavo",
    ],
    [
      "OKCALL",
      "(?:potete|puo|puoi) (?:continuare a |pure |tranquillamente )?(?:chiamar~|richiamar~|contattar~|telefonar~)|continuate pure|(?:continuate|continui|continua) pure|chiam(?:ami|atemi) pure|(?:mi|ci) (?:chiami|chiamate|richiami|richiamate) (?:pure|dopo|domani|piu tardi|stasera|tra|fra|verso|alle|nel pomeriggio)|(?:io )?(?:invece )?li voglio|mi servono|(?:le chiamate|i promemoria|le telefonate) (?:vanno bene|vanno benissimo|mi servono|mi sono utili)|non mi tolga|nessun problema",
    ],
    [
      "NAMING",
      "signora|signore|signorina|signor|dottore|dottoressa|tesoro|cara|caro|bello|bella|nonna|nonno|zia|zio|capo|giovanotto|ragazza|ragazzo|professore|professoressa|maestr[oa]|avvocato|ingegnere",
    ],
    ["RECORD", "registr(?:are|azione|azioni|ata|ato|ata)"],
    [
      "OTHERLIST",
      "indirizz[oi]|carrello|ordine|ordinazione|lista d'attesa|liste d'attesa|lista di attesa|gruppo|gruppi|chat|whatsapp|newsletter|e mails?|mails?|bolletta cartacea|cartacea|rivista|abbonamento|carta (?:di credito|vecchia)|(?:la|quella|questa) carta|carte di credito|bancomat|visa|mastercard|fatture?|bollette?",
    ],
    ["MEDIA SAY", "c'e scritto|dice:?(?= \")|recita"],
    [
      "MEDIA",
      "pubblicita|spot|televisione|tv|tele|radio|lettera|volantino|cartello|sito|film|serie|canzone|video|avviso",
    ],
    ["NEG SAY", "non e che|non che|non (?:voglio|vorrei) che (?:pensi|creda) che"],
    [
      "THIRD",
      "(?:mio|mia|miei|mie|suo|sua|il|la|un|una|nostro|nostra) (?:\\w+ )?(?:marito|moglie|figli[oa]?|madre|padre|mamma|papa|fratello|sorella|vicin[oa]|vicini|amic[oa]|amici|fidanzat[oa]|suocer[oa]|nonn[oa]|zi[oa]|cugin[oa]|collega|capo|tizio|tipo|uomo|donna)|(?:lui|loro|qualcuno)(?= )",
    ],
    ["SAY OTHER", "digli|dille|ditegli|dica loro|di loro"],
    ["OTHER", "(?:a|ad) (?:loro|lui)|gli|quella ditta|quell'azienda|un'altra ditta|un'altra azienda|quella gente"],
    [
      "SAY",
      "dica(?:lo|celo)?|dicano|ditelo|ditecelo|dett[oa]|dic(?:o|e|ono|eva|evo|endo)|dire|dirgli|dirle|dirlo|diss~|chiest[oa]|chied~|urla~|grida~|scritt[oa]|scriv~|rispost[oa]|rispond~|raccont~",
    ],
    // A condition on the addressee's wish, "lei" unsaid: "se non desidera più essere contattato".
    ["IF YOU", "se(?= (?:non |non piu )?(?:vuole|vogliono|preferisce|desidera|gradisce)(?![a-z]))"],
    [
      "IF",
      "se(?= (?:mio|mia|lei|vuole|preferisce|desidera|non|qualcuno|in|ci|mi|le|lo)(?![a-z]))|in qualsiasi momento|quando vuole|qualora|per(?= (?:non (?:ricevere|essere)|smettere))",
    ],
    ["NOW", "adesso|ora|oggi|in questo momento|al momento|questa settimana"],
    [
      "LATER",
      "dopo|piu tardi|domani|stasera|(?:fra|tra) (?:un|una|\\w+) (?:ora|ore|oretta|minuti)|nel pomeriggio|in serata|un altro giorno|la prossima settimana|cosi presto|troppo presto|cosi tardi|troppo tardi|la domenica|di domenica|nel (?:fine settimana|weekend)|all'ora di pranzo|a pranzo|a cena|prima delle \\w+",
    ],
    ["NOTINT", "non (?:mi )?interessa|non sono interessat[oa]|nessun interesse"],
    [
      "ANNOY",
      "stuf[oa]|stanc[oa]|scocciat[oa]|rottura|pesant[ie]|assillant~|insopportabile|cavolo|accidenti|mannaggia|che palle|aho",
    ],
    ["REPEAT", "meno spesso|meno frequentemente|cosi spesso|meno volte"],
    [
      "REPEAT",
      "tutti i giorni|ogni (?:giorno|settimana|ora|mattina|sera)|(?:\\w+|\\d+) volte (?:al|oggi|in|a|alla|gia)|quante volte|a tutte le ore|di continuo|continuamente|in continuazione|(?:terza|quarta|quinta|\\w+) volta|ancora voi",
    ],
    ["THREAT", "denunci~|reclamo|segnal(?:o|are|ero)|avvocato|polizia|carabinieri|garante|agcom"],
    ["SAY BEFORE", "(?:gia )?(?:le |vi |ti )?ho gia detto"],
    ["BEFORE", "la settimana scorsa|l'altra volta|l'ultima volta|ieri|prima|mille volte|piu volte"],
    ["CONSENT", "consenso|autorizzazione|permesso"],
    [
      "WITHDRAW",
      "revoc~|ritir(?:o|are)(?= (?:il |la )?(?:mio |mia )?(?:consenso|autorizzazione|permesso))|annull(?:o|are)(?= (?:il )?(?:mio )?consenso)|mi oppongo|opposizione",
    ],
    [
      "REMOVE",
      "non (?:essere|stare|restare|rimanere)(?= (?:nella|nelle|in questa|sulla) (?:\\w+ )?(?:lista|elenco|banca dati))",
    ],
    ["NEG WANT", "non so se (?:\\w+ )?(?:ho bisogno|voglio)"],
    ["RECEIVE", "ricever~|ricev(?:o|a|iamo)"],
    ["NEVER MORE", "mai piu|mai e poi mai"],
    ["NEVER", "mai"],
    ["STOP CALL", "lasci(?:a|ate|ami|atemi)(?: mi)? (?:in pace|stare)|mi lasci(?:ate)? in pace"],
    [
      "STOP",
      "smett~|basta|cessate|cessi|finitela|piantatela|piantala|fermate|stop|stoppate|(?:l')?ultima (?:volta|chiamata)",
    ],
    [
      "REMOVE ME",
      "(?:togli|tolg|cancell|rimuov|elimin|lev|depenn|esclud)[a-z]*(?:mi|ci)(?![a-z])|mi (?:\\w+ )?(?:tolg|togl|cancell|rimuov|elimin|lev|depenn)~",
    ],
    ["REMOVE", "togli~|tolg~|cancell~|rimuov~|elimin~|depenn~|esclud~|disiscriv~|lev(?:i|ate|are)"],
    ["REMOVE LIST", "registro (?:pubblico )?delle opposizioni"],
    [
      "LIST",
      "liste?|elenchi|elenco|database|banca dati|archivio|anagrafica|sistema|registro|rubrica|contatti|campagna",
    ],
    ["NUMBER", "(?:il )?(?:mio|questo|nostro|il) (?:\\w+ )?(?:numero|telefono|cellulare|recapito)"],
    [
      "CALL",
      "chiam~|richiam~|telefon~|contatt~|ricontatt~|disturb~|molest~|scocci(?:are|ate)|sentir(?:vi|la|ti)|(?:fatevi|fatti|farvi|farsi|si faccia)(?= (?:piu |mai piu )?sentire)|squill~",
    ],
    ["WANT", "vogli~|vuol~|voglio|desider~|preferi~|gradi~|piacere"],
    ["KEEP", "continu~|ancora"],
    ["MORE", "piu|di nuovo|nuovamente|d'ora in poi|in futuro|da adesso|da oggi"],
    ["NEG", "non|nun|ne|nessun~|niente|nulla|nemmeno|neanche|no"],
    ["ME", "mi|me|ci|noi"],
    ["YOU", "voi|vi|lei|la|le|ti|te|tu|vostr~"],
  ],
};
