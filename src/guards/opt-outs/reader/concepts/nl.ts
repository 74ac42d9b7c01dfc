/**
 * Dutch concept words (concepts.ts): the Netherlands and Flanders (ni, nie, da, gij). Compounds are read by their
 * parts' ends ("bellijst", "herinneringstelefoontjes"). Folded text. `~` ends a stem.
 */
import type { ConceptSource } from "../concepts.js";

export const nl: ConceptSource = {
  lang: "nl",
  script: "latin",
  entries: [
    // A stop said to someone beside the callee, then excused ("stop, you make me laugh — sorry, that's my son").
    [
      "OKCALL",
      "(?:hou op|stop|schei uit|kappen|genoeg)(?:(?!bel|telefo|contact)[^.?!]){0,60}?(?:sorry|pardon|excuus)[,.!]? (?:dat (?:is|was)|ik had het tegen) (?:mijn|m'n|onze|ons) [a-z]+",
    ],
    // The callee calling back themself ("I'll call back to rebook"): contact kept, not refused.
    ["CALL LATER", "ik bel (?:u |jullie )?(?:zelf )?(?:terug|later|morgen)"],
    // This call welcomed after talk of something else ("anyway, what's this about?"), or told it is not meant.
    [
      "OKCALL",
      "(?:enfin|maar goed|goed|hoe dan ook|anyway|allez|nou)[,.]? (?:waar gaat het over|waarover gaat het|wat kan ik voor u doen|wat wou u)|wat kan ik voor u doen|(?:dat was|dat is|het was) niet (?:voor|tegen|aan) (?:u|jou|jullie)|heeft niets met (?:u|jullie) te maken",
    ],
    [
      "WANT",
      "(?:het )?(?:zou|zou het) (?:fijn|beter|prettig|fijner|handiger|mooi) (?:zijn )?(?:als|wanneer)|is het (?:goed|ok|oke|okay|prima) als|vindt u het (?:goed|erg) als",
    ],
    ["REPEAT", "(?:zo |te |heel |erg |best )?vaak|te veel|minder"],
    [
      "HOWGOT",
      "(?:hoe|waar) (?:komen|komt|kom|hebben|heeft|heb) (?:jullie|u|je|ze) (?:\\w+ ){0,2}?(?:aan|vandaan) (?:\\w+ )?(?:mijn|m'n|dit|ons) (?:\\w+ )?(?:nummer|telefoonnummer|gegevens)|wie heeft (?:jullie|u|je) (?:mijn|m'n|dit) (?:\\w+ )?(?:nummer|gegevens)",
    ],
    ["RETRACT", "vergeet (?:maar )?wat ik (?:net |zojuist )?(?:zei|gezegd heb)|laat maar wat ik zei|niet zo bedoeld"],
    // Reassured, not stopped: "you are not bothering me".
    ["OKCALL", "(?:u|je|jullie|dat) (?:stoort|storen) (?:me |mij |ons )?(?:helemaal )?niet"],
    [
      "OKCALL",
      "(?:u|jullie|je|gij) (?:mag|mogen|kunt|kan|kunnen) (?:mij |me |ons )?(?:gerust |wel |altijd |blijven )?(?:bellen|opbellen|contacteren)|bellen mag|bel (?:me|mij|ons) (?:gerust|maar|na|morgen|later|straks|vanavond|om)|blijf (?:me |mij )?(?:bellen|sturen)|ik wil (?:die|ze|de herinneringen) (?:wel )?(?:blijven )?(?:krijgen|ontvangen)|laat (?:maar )?staan|(?:de )?(?:telefoontjes|herinneringen) (?:zijn|mogen) (?:prima|fijn|goed|welkom)|geen probleem",
    ],
    ["NAMING", "mevrouw|meneer|mevrouwtje|jongeman|schat|lieverd|mop|chef|baas|mam|pap|oma|opa"],
    ["RECORD", "opn(?:ame|emen)|opgenomen|vastleggen"],
    [
      "OTHERLIST",
      "[a-z]*adres(?:sen)?|bestelling(?:en)?|winkelmand(?:je)?|winkelwagen(?:tje)?|[a-z]*wachtlijst(?:en)?|groepsapp|[a-z]*groep|app groep|whatsapp|chat|nieuwsbrief|e mails?|mails?|mailinglijst|papieren (?:rekeningen|rekening|facturen)|papier|tijdschrift|abonnement|[a-z]*kaart(?:en)?|creditcards?|(?:pin|bank)pas(?:sen)?|visa|mastercard",
    ],
    ["MEDIA SAY", "er staat|staat er"],
    [
      "MEDIA",
      "reclame|reclamespotje|tv|televisie|radio|brief|folder|website|site|film|serie|liedje|video|advertentie|notitie",
    ],
    ["NEG SAY", "niet dat|niet zo,? dat"],
    [
      "THIRD",
      "(?:mijn|m'n|zijn|haar|onze|ons|een|die|de) (?:\\w+ )?(?:man|vrouw|echtgenoot|echtgenote|zoon|dochter|kinderen|kind|moeder|vader|mama|papa|broer|zus|buurman|buurvrouw|buren|vriend|vriendin|vrienden|collega|baas|schoonmoeder|schoonvader|oma|opa|tante|oom|neef|nicht|vent|kerel|gast)|(?:hij|zij|iemand)(?= )",
    ],
    ["SAY OTHER", "zeg (?:ze|hen|hun|hem|haar)|zeg tegen (?:ze|hen|hem|haar)"],
    [
      "OTHER",
      "hun|hen|die mensen|dat bedrijf|een ander bedrijf|het andere bedrijf|tegen ze|tegen hen|tegen hem|tegen haar",
    ],
    [
      "SAY",
      "zei|zeiden|zeggen|zegt|gezegd|vroeg|gevraagd|riep|roept|geroepen|schreeuw~|schreef|schrijft|geschreven|antwoord~|vertel~",
    ],
    ["IF", "als|indien|wanneer|mocht|op elk moment"],
    ["NOW", "nu|vandaag|op dit moment|momenteel|deze week"],
    [
      "LATER",
      "later|straks|morgen|vanavond|na (?:zessen|vijven|zevenen|\\w+ uur|het eten|het werk)|over (?:een|twee|\\w+) (?:uur|uurtje|minuten)|'s avonds|'s middags|een andere keer|volgende week|zo vroeg|te vroeg|zo laat|te laat|op (?:zondag|zaterdag)|in het weekend|onder het eten|tijdens (?:het eten|mijn werk)|voor \\w+ uur",
    ],
    ["NOTINT", "geen interesse|niet geinteresseerd|interesseert me niet"],
    [
      "ANNOY",
      "(?:het|ze|jullie|die|dat) (?:\\w+ )?zat|beu|spuugzat|strontzat|irritant|vervelend|gek van|gestoord|jezus|godverdomme|verdorie|potverdorie|belachelijk",
    ],
    ["REPEAT", "minder vaak|(?:niet )?zo vaak"],
    [
      "REPEAT",
      "elke (?:dag|week|ochtend|avond)|iedere (?:dag|week)|dagelijks|(?:\\w+|\\d+) keer (?:per|vandaag|al|op|in)|hoe vaak|(?:derde|vierde|vijfde|\\w+de) keer|steeds|telkens|de hele tijd|constant|alweer",
    ],
    ["THREAT", "klacht|aangifte|politie|advocaat|acm|rechter"],
    ["SAY BEFORE", "(?:heb|had) (?:ik )?(?:u |jullie |je )?(?:toch )?al (?:\\w+ ){0,2}?gezegd"],
    ["BEFORE", "vorige week|de vorige keer|laatst|gisteren|eerder|honderd keer|meerdere keren"],
    ["CONSENT", "toestemming|goedkeuring|instemming"],
    [
      "WITHDRAW",
      "trek(?= (?:\\w+ ){0,4}?in(?![a-z]))|intrek~|ingetrokken|herroep~|trek(?:ken)? (?:\\w+ )?terug|terugtrek~|bezwaar",
    ],
    ["REMOVE", "niet (?:meer )?op(?= (?:\\w+ ){0,2}?(?:[a-z]*lijst(?:en)?|bestand))"],
    ["RECEIVE", "krijg~|kreeg|kregen|ontvang~"],
    ["NEG WANT", "(?<=weet (?:\\w+ )?niet,? )of"],
    ["NEG MORE", "niet meer|nie meer|ni meer|nimmer"],
    ["NEVER MORE", "nooit meer|nooit weer"],
    ["NEVER", "nooit"],
    ["STOP CALL", "laat (?:me|mij|ons) (?:\\w+ )?(?:met rust|gerust)|met rust laten|laatste (?:keer|telefoontje)"],
    [
      "STOP",
      "stop~|hou(?:d|dt)?(?= (?:\\w+ ){0,2}?op(?![a-z]))|ophouden|ophoud~|kappen|kap (?:\\w+ )?(?:mee|ermee)|genoeg|klaar mee",
    ],
    [
      "REMOVE ME",
      "haal (?:me|mij|ons)|(?:me|mij) (?:\\w+ ){0,3}?(?:verwijderen|schrappen|afmelden|uitschrijven|halen)",
    ],
    [
      "REMOVE",
      "verwijder~|schrap~|gooi|gooit|weggooien|weg gooien|haal|halen|gehaald|afhal~|afgehaald|afmeld~|uitschrijv~|uitgeschreven|wis|wissen|af(?= te (?:komen|halen)| ?[?.!,;]| ?$)",
    ],
    ["REMOVE LIST", "bel me niet register|bel mij niet register|bel me niet"],
    ["LIST", "[a-z]*lijst(?:en)?|bestand|databank|database|systeem|register|gegevensbestand|[a-z]*bestand"],
    ["NUMBER", "(?:mijn|m'n|dit|ons|het) (?:\\w+ )?(?:nummer|telefoonnummer)"],
    [
      "CALL",
      "bel|belt|bellen|belde|belden|gebeld|gebelt|opbellen|opgebeld|terugbellen|[a-z]*belletjes?|[a-z]*bel(?:actie|acties)|[a-z]*telefoontjes?|(?:verkoop|reclame|marketing|promotie|sales)gesprek(?:ken)?|van (?:jullie|u) (?:\w+ )?horen|telefoneren|getelefoneerd|contacteren|gecontacteerd|contact opnemen|benaderen|benaderd|lastigvallen|lastig vallen|storen|stoor|sms'?(?:jes?)?|berichten|iets van (?:jullie|u) horen|hoor(?:en)?(?= (?:ik )?(?:\\w+ )?(?:meer )?van (?:jullie|u)(?![a-z]))",
    ],
    ["WANT", "wil|willen|wilt|wens~|zou graag|hoef|hoeft|hoeven|nodig"],
    ["KEEP", "blijven|blijf|blijft|nog|verder|voortaan"],
    ["MORE", "meer|weer|opnieuw|nog eens|voortaan|vanaf nu|in de toekomst|nog een keer"],
    ["NEG", "niet|ni|nie|geen|niks|niets|niemand|nee|neen"],
    ["ME", "me|mij|ons"],
    ["YOU", "u|jullie|je|jij|jou|uw|jouw|gij"],
  ],
};
