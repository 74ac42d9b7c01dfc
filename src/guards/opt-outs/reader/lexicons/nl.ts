/** Dutch. Patterns are over folded text: no accents, lower case. */
import type { LexiconSource } from "../lexicon.js";

export const nl: LexiconSource = {
  lang: "nl",
  macros: {
    BELLEN:
      "(?:bellen|te bellen|belt|bel|op te bellen|benaderen|te benaderen|contact op te nemen|lastig te vallen|storen)",
    LIJST:
      "(?:lijst|lijsten|bestand|database|databank|systeem|belbestand|belijst|register|adressenbestand|klantenbestand)",
    TELEFOONTJES:
      "(?:telefoontjes|telefoontje|belletjes|oproepen|gesprekken|verkoopgesprekken|reclametelefoontjes|telefonische verkoop|verkooptelefoontjes|calls)",
  },
  /** Words and stems (ending in *) that show a line may be in this language: only such lines are read in it. */
  markers:
    "ik mij niet meer nooit geen en of maar alstublieft alsjeblieft dank nee uit graag hoor misschien bel* gebeld* lijst* nummer* haal* verwijder* schrap* toestemming* rust* vergeet* telefoon* afmeld* waarom* ja die met van het een je stop* list* contact* verkoop* reclame* u uw zou zouden kunt kunnen wilt jullie mijn m'n dat dit ook nog wel niks niets zij ze hij om voor naar bij als wat hoe waar zijn ben bent heb heeft hebben wordt worden gaat doen moet mag eens toch dus zo eruit ermee hierover eventueel belletje* telefoontje* uitschrijv* opbel* terugbel* krijg* liever",
  asked: [
    [
      "direct",
      "(?:stop|stopt|stoppen|hou op|houd op|hou eens op|kappen) (?:nu |eens |toch )?(?:met|met het) (?:mij |me |ons )?(?:{BELLEN}|die |deze |jullie |uw )?(?:\\w+ )?(?:{TELEFOONTJES}|bellen)?",
    ],
    [
      "direct",
      "(?:bel|belt|bellen) (?:me|mij|ons|hier|haar|hem|dit nummer)? ?(?:alstublieft |alsjeblieft |a\\.u\\.b\\. |nou |gewoon )?(?:nooit meer|niet meer|niet nog eens|nooit weer)",
    ],
    [
      "direct",
      "(?:ik|wij|we|hij|zij|ze|mijn \\w+) (?:wil|willen|wens|wensen) (?:\\w+ )?(?:niet meer|nooit meer|geen) (?:\\w+ ){0,3}?(?:{TELEFOONTJES}|gebeld|benaderd|gecontacteerd|lastiggevallen)",
    ],
    [
      "direct",
      "(?:niet|nooit) meer (?:te )?(?:gebeld|benaderd|gecontacteerd|bellen|benaderen|contacteren)|(?:geen|nooit) (?:\\w+ )?{TELEFOONTJES} meer",
    ],
    ["direct", "(?:neem|neemt|neemt u) (?:geen|nooit) (?:\\w+ )?contact meer"],
    [
      "removal",
      "(?:haal|haalt|haalt u|verwijder|verwijdert|verwijdert u|schrap|schrapt|zet|wis|wist) (?:me|mij|mijn nummer|mijn gegevens|dit nummer|ons)? ?(?:(?!niet |nooit )\\w+ )?(?:van|uit) (?:\\w+ ){0,2}?{LIJST}",
    ],
    [
      "removal",
      "bel ?me ?niet ?register|bel me niet|(?:me|mij|ons) (?:af ?)?(?:te )?melden|afmelden|uitschrijven|schrijf (?:me|mij) uit",
    ],
    [
      "revocation",
      "(?:ik )?(?:trek|trekken) (?:mijn |de )?(?:toestemming|instemming)(?: \\w+){0,6} in|(?:geen|niet langer) toestemming (?:meer )?(?:om|voor) (?:mij |me |ons )?(?:te )?(?:bellen|benaderen)",
    ],
    ["removal", "(?:uit|van) (?:uw|jullie|de|het|hun) (?:\\w+ )?{LIJST} (?:verwijderd|gehaald|geschrapt|af)"],
    ["indirect", "(?:\\w+ )?{TELEFOONTJES} (?:zat|beu)|(?:zat|beu) van (?:\\w+ )?{TELEFOONTJES}"],
    ["indirect", "gek van (?:\\w+ )?{TELEFOONTJES}|hou (?:er ?mee|daarmee) op"],
    ["indirect", "hoe vaak (?:\\w+ ){0,4}?(?:zeggen|herhalen|vertellen)"],
    ["indirect", "laat (?:me|mij|ons) (?:\\w+ ){0,3}?(?:met rust|toch met rust)"],
    ["indirect", "vergeet (?:mijn|dit) nummer|genoeg (?:met|van) (?:die |deze |jullie )?(?:\\w+ )?{TELEFOONTJES}"],
  ],
  possible: [
    [
      "hedged",
      "(?:als|dat) dit (?:het laatste telefoontje|de laatste keer|het laatste gesprek) (?:was|is|zou zijn|blijft)",
    ],
    [
      "indirect",
      "(?:jullie|u) (?:weer|alweer|nou weer)(?=[.!?,]|$)|(?:alweer|weer) (?:jullie|u)(?=[.!?,]|$)|jullie bellen (?:wel )?(?:erg |echt |zo )?graag",
    ],
    [
      "hedged",
      "(?:dit|dat) is niet (?:\\w+ )?(?:het juiste|een goed|het goede) nummer (?:voor|hiervoor)|niet (?:echt )?het goede moment\\. of nummer",
    ],
    // Near misses: a word of ending and a word of calling close together, worded unlike the cues above.
    [
      "hedged",
      "(?:stop|stoppen|hou op|niet meer|nooit meer|genoeg|verwijder\\w*|haal|schrap|zat|beu)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,3}? (?:bel\\w*|gebeld|telefoon\\w*|contact\\w*|mijn nummer|dit nummer|de lijst|uw lijst|jullie lijst)|(?:bel\\w*|gebeld|telefoon\\w*|contact\\w*|mijn nummer|dit nummer|de lijst|uw lijst|jullie lijst)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,2}? (?:stop|stoppen|hou op|niet meer|nooit meer|genoeg|verwijder\\w*|haal|schrap|zat|beu)",
    ],

    ["hedged", "doe (?:maar )?geen moeite|(?:geen|niet) moeite (?:doen)?|zonde van (?:uw|je) tijd"],
    [
      "indirect",
      "waarom (?:bellen jullie|belt u|bel je) (?:me |mij |ons )?(?:steeds|altijd|elke dag|telkens|nou weer|weer)|(?:jullie )?bellen (?:elke dag|steeds|de hele tijd)",
    ],
    ["indirect", "(?:dit is|het is) intimidatie|dit is (?:echt )?(?:te gek|belachelijk)"],
    ["third-party", "verkeerd (?:nummer|verbonden)|overleden|woont hier niet (?:meer)?"],
  ],
  exempt: [
    "(?:telefoon|hoorn) (?:\\w+ )?opgenomen",
    "wachtlijst|gastenlijst|boodschappenlijst|verlanglijst|adoptielijst|opvanglijst|vrijwilligerslijst",
    "noem (?:me|mij) (?:geen |niet )?\\w+",
    "(?:toestemming|instemming)(?: \\w+){0,3} (?:op te nemen|opname|opnemen)",
  ],
  negated: [
    "(?:ik )?(?:vraag|zeg|zei|heb) (?:u |je |jullie )?(?:niet|nooit)(?: gezegd)?(?: om| dat)?(?: te)?",
    "(?:haal|verwijder) (?:me|mij) niet",
    "(?:niet|geen) ",
    "als u (?:wilt|wenst)(?: dat)?",
    "(?:zeg|zegt u) (?:maar |gewoon )?",
  ],
  reported: [
    "(?:mijn|een|de|die) (?:\\w+ )?(?:vriend|vriendin|buurman|buurvrouw|zus|broer|collega|baas)s? (?:\\w+ ){0,3}?(?:zegt|zei|roept)",
    "(?:hij|zij|ze|iemand) (?:\\w+ )?(?:zegt|zei)",
  ],
  retracted: ["maar (?:ik )?(?:niet|nooit)", "grapje", "haha"],
  lead: "(?:nou|nee hoor|ach|tja|eerlijk gezegd|(?:oh )?god|jeetje|goh)",
  yes: "(?:ja|jawel|graag|zeker|prima|goed|oke|ok|okay|precies|doe maar|ja graag|ja hoor|natuurlijk|inderdaad)",
  no: "(?:nee|neen|nooit|zeker niet|geen sprake van|nee dank u|nee bedankt|liever niet)",
  unsure: "(?:weet ik niet|ik weet het niet|misschien|geen idee|ik denk erover na)",
  offer: [
    "(?:wilt u|wil je|zal ik|zullen we|moet ik)(?: dat)? (?:ik |we )?(?:u |je )?(?:van|uit) (?:onze|de) (?:\\w+ )?(?:lijst|bestand|database) (?:haal|halen|verwijder|verwijderen|schrap|schrappen)",
    "(?:wilt u|wil je)(?: dat)? (?:we|wij|ik) (?:u |je )?niet meer (?:bellen|benaderen)",
  ],
  keep: [
    "(?:wilt u|wil je) (?:nog|verder|in de toekomst) (?:gebeld|benaderd) (?:worden)?",
    "(?:mogen|mag) (?:we|wij|ik) (?:u|je) (?:nog eens|opnieuw|in de toekomst) (?:bellen|benaderen)",
  ],
  courtesy: "als (?:u|je) (?:dat |het )?(?:liever (?:heeft|hebt|wilt)|wilt|wenst)(?= ?[,.!?;]|$)",
  past: "(?:heeft|hebt|heb) (?:u|je|jij) (?:ooit|al eens|weleens|wel eens)",
  confirm: [
    "(?:ik heb|we hebben) (?:u|je) (?:van|uit) (?:de|onze) (?:\\w+ )?(?:lijst|bestand) (?:gehaald|verwijderd)",
    "we (?:zullen|gaan) (?:u|je) niet meer bellen",
  ],
  intro: ["(?:u spreekt met|je spreekt met|met|ik ben|mijn naam is|dit is) ([a-z]+)(?: [a-z]+)?,? (?:van|namens)"],
  keys: ["bellen", "gebeld", "lijst", "nummer", "telefoontjes", "verwijder"],
  aliases: { belle: "bellen", gebelt: "gebeld" },
  hedges: "misschien|ik weet niet of|denk ik",
  summary: [["reported", "(?:wil|wenst|vroeg|verzocht)(?: om)? niet meer (?:gebeld|benaderd) (?:te )?(?:worden)?"]],
  summaryHints: [["hedged", "(?:geirriteerd|geergerd) (?:door|over) (?:de )?(?:\\w+ )?(?:telefoontjes|oproepen)"]],
  denied: ["(?:heeft|had) niet gevraagd"],
};
