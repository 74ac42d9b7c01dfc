/**
 * German concept words (concepts.ts): Germany, Austria (hören S', i mag des net) and Switzerland (lüüte, nüme,
 * nöd, wott), and the English verbs German speakers borrow (callen). Folded text: ä ö ü are a o u, ß is ss. Separable
 * verbs are found by their stem with the particle looked ahead for ("hören Sie bitte auf"). `~` ends a stem.
 */
import type { ConceptSource } from "../concepts.js";

export const de: ConceptSource = {
  lang: "de",
  script: "latin",
  entries: [
    // A stop said to someone beside the callee, then excused ("stop, you make me laugh — sorry, that's my son").
    [
      "OKCALL",
      "(?:hor auf|lass das|stop|genug|schluss jetzt)(?:(?!anruf|anrufen|telefon|kontakt)[^.?!]){0,60}?(?:entschuldigung|sorry|verzeihung|pardon)[,.!]? (?:das (?:ist|war)|ich hab(?:e)? mit) (?:mein|meine|meinem|meiner|unser|unsere|unserem) [a-z]+",
    ],
    // The callee calling back themself ("I'll call back to rebook"): contact kept, not refused.
    [
      "CALL LATER",
      "ich melde mich (?:wieder|selbst|wegen|bei ihnen|spater|morgen)|ich rufe (?:sie )?(?:selbst |wieder |spater )?(?:zuruck|wieder an)",
    ],
    // This call welcomed after talk of something else ("anyway, what's this about?"), or told it is not meant.
    [
      "OKCALL",
      "(?:egal|jedenfalls|naja|na ja|also|wie auch immer|anyway|aber gut|nun)[,.]? (?:worum geht (?:es|'s)|um was geht (?:es|'s)|was kann ich fur sie tun|was wollten sie|was mochten sie)|was kann ich fur sie tun|(?:das war|das ist|es war) nicht (?:an sie|fur sie|gegen sie)|hat nichts mit ihnen zu tun",
    ],
    // The calls said not to bother, or the caller reassured ("they don't bother me", "vous ne me dérangez pas"); not the
    // request "don't bother me".
    [
      "OKCALL",
      "(?:das|es|sie|die anrufe|anrufe|die erinnerungen) (?:stor(?:t|en)|nerv(?:t|en)) (?:mich|uns) (?:nicht|gar nicht|uberhaupt nicht|kein bisschen)(?! mehr)|(?:die )?(?:anrufe|erinnerungsanrufe) (?:sind|passen) (?:schon |ganz |voll |wirklich )?(?:ok|okay|in ordnung|gut|prima|hilfreich)|(?:sie|ihr|du|das|die) (?:storen|stort|storst) (?:mich |uns )?(?:doch |gar |uberhaupt |wirklich )?nicht",
    ],
    [
      "WANT",
      "(?:es )?(?:ware|wurde|war) (?:mir )?(?:besser|schon|lieber|gut|lieb|nett|angenehm),? wenn|(?:ist es|ware es) (?:ok|okay|in ordnung),? wenn",
    ],
    ["REPEAT", "(?:so |zu |sehr |ganz schon )?oft|zu viel|ziemlich viel|weniger"],
    [
      "STOP",
      "(?:die|das|den|diese|es) lassen sie(?: bitte| mal| doch)*|lassen sie (?:die|das|den|diese|es)(?: bitte| mal| doch)*(?: sein| bleiben)?",
    ],
    [
      "HOWGOT",
      "woher (?:\\w+ ){0,3}?(?:meine|diese|unsere|die) (?:\\w+ )?(?:nummer|telefonnummer|handynummer|rufnummer|daten|adresse)|wer (?:hat )?(?:ihnen|euch|dir) (?:\\w+ )?(?:meine|diese) (?:\\w+ )?(?:nummer|daten)|wie (?:sind|seid|bist|kommen|kommt) (?:sie|ihr|du) (?:\\w+ ){0,2}?(?:an|zu) (?:meine|meiner|diese|dieser) (?:\\w+ )?nummer",
    ],
    [
      "RETRACT",
      "vergessen sie,? was ich (?:eben |gerade )?gesagt habe|vergiss,? was ich (?:eben |gerade )?gesagt hab~|war nicht (?:so )?gemeint|ignorieren sie das",
    ],
    [
      "OKCALL",
      "(?:ich will|ich mochte|ich hatte gern|wir wollen|wir mochten) (?:die |diese |ihre )?(?:anrufe|erinnerungen|erinnerungsanrufe) (?:weiter|weiterhin|behalten)(?![a-z])|(?:sie|ihr|du) (?:konnen|konnt|kannst|durfen|durft|darfst) (?:mich|uns) (?:\\w+ )?(?:gerne |ruhig |weiterhin |jederzeit )?(?:anrufen|kontaktieren|erreichen)|rufen sie (?:mich|uns) (?:ruhig|gerne|gern|jederzeit|bitte am|am|morgen|spater|nach|abends|morgens|nachmittags|an)|rufen sie (?:ruhig|gerne|gern) (?:weiter |wieder )?an|bitte (?:anrufen|durchklingeln)|ruf (?:mich|uns) (?:ruhig|gern|spater|morgen|an)|(?:die |meine )?(?:anrufe|erinnerungen) (?:sind|gehen|passen) (?:okay|ok|in ordnung|gut|willkommen)|ich (?:will|mochte|mag|brauche) (?:die|meine|diese) (?:\\w+ )?(?:weiterhin|trotzdem)|weiterhin anrufen|lassen sie mich (?:drauf|drin)|mir ist (?:das|ein anruf) lieber|bleibt es beim anruf|(?:anrufen|telefonieren) (?:ist|geht|passt) (?:ok|okay|in ordnung|gut)|kein problem|(?:anrufen|melden) (?:durfen|konnen) (?:sie|ihr) (?:mich|uns)|(?:durfen|konnen) (?:sie|ihr) (?:mich|uns) (?:\\w+ )?(?:gern|gerne|ruhig|jederzeit)",
    ],
    [
      "NAMING",
      "junge frau|junger mann|gnadige frau|schatz|schatzi|liebling|kumpel|meister|chef|chefin|mausi|oma|opa|tante|onkel|fraulein",
    ],
    ["RECORD", "aufzeichn~|aufgezeichnet|aufnahme|mitschnitt|mitschneiden|aufnehmen"],
    [
      "OTHERLIST",
      "[a-z]*adressen?|anschrift(?:en)?|bestellung(?:en)?|warenkorb|[a-z]*warteliste[n]?|gastelisten?|einkaufsliste|[a-z]*gruppe[n]?|chat|newsletter|verteiler|e mails?|mails?|mailingliste|papierrechnung~|rechnungen|zeitschrift|abo|[a-z]*karten?|visa|mastercard",
    ],
    ["MEDIA SAY", "da steht|steht da|es heisst|heisst es"],
    [
      "MEDIA",
      "werbung|werbespot|reklame|fernseh~|tv|radio|brief|schreiben|plakat|webseite|website|film|serie|lied|video|zettel|notiz|vermerk|akte",
    ],
    ["NEG SAY", "nicht dass|nicht,? dass|nicht so,? dass|nicht,? dass sie denken"],
    [
      "THIRD",
      "(?:mein|meine|meinem|meinen|meiner|sein|seine|ihr|ihre|unser|unsere|eine|ein|die|der|den) (?:\\w+ )?(?:mann|frau|ehemann|ehefrau|sohn|tochter|kinder|kind|mutter|vater|mama|papa|bruder|schwester|nachbar|nachbarin|nachbarn|freund|freundin|freunde|kollege|kollegin|schwiegermutter|schwiegervater|oma|opa|tante|onkel|cousine?|typ|kerl|dame)|(?:er|jemand)(?= )",
    ],
    ["SAY OTHER", "sagen sie (?:denen|ihm|ihr)|sag (?:denen|ihm|ihr)"],
    [
      "OTHER",
      "denen|ihn|(?:zu |bei )?(?:der|dem|den|seiner|ihrer|meiner) (?:telekom|bank|versicherung|krankenkasse|firma|gesellschaft|anbieter|\\w+firma|\\w+versicherung)|der firma|dieser firma|(?:einer|der|die|eine) andere[n]? firma|andere firmen|den leuten|zu ihm|zu ihr|ihrem kollegen",
    ],
    [
      "SAY",
      "sag~|gesagt|meint~|gemeint|gebeten|bitte[nt]|frag(?:e|t|te|ten)|gefragt|schrie~|geschrie~|brull~|gebrullt|schreib~|geschrieben|erzahl~|mitgeteilt|antwort~|geantwortet",
    ],
    ["IF", "wenn|falls|sollte[n]?|jederzeit|im fall|um(?= (?:\\w+ ){0,4}?zu (?:beenden|stoppen|vermeiden))"],
    ["NOW", "jetzt|gerade|grad|momentan|im moment|heute|diese woche"],
    [
      "LATER",
      "spater|nachher|morgen|heute abend|abends|nachmittags|am (?:nachmittag|abend|vortag)|nach (?:\\w+ )?(?:uhr|dem essen|der arbeit|achtzehn|sechs|funf|sieben|acht|neun|zehn|\\d+)|in (?:einer|zwei|\\w+) (?:stunde|stunden|minuten)|ein andermal|nachste woche|so fruh|zu fruh|so spat|zu spat|am (?:sonntag|samstag|wochenende)|sonntags|vor \\w+ uhr|beim essen|wahrend der arbeit|mittags|in der mittagspause",
    ],
    ["NOTINT", "kein(?:e)? interesse|nicht interessiert|interessiert mich nicht"],
    [
      "ANNOY",
      "satt|genervt|nervt|nervig|lastig|belastig~|(?:jetzt |es )reicht|reicht's|reichts|die nase voll|zum kotzen|unverschamt|frechheit|verdammt|mist|scheiss~|herrgott|das letzte",
    ],
    ["REPEAT", "seltener|(?:nicht )?so oft|weniger oft"],
    [
      "REPEAT",
      "standig|dauernd|immer wieder|jeden (?:tag|morgen|abend)|taglich|jede woche|(?:\\w+|\\d+) ?mal (?:heute|am tag|pro|die woche|in der woche)|funfmal|dreimal|viermal|zum \\w+ten mal|wie oft|schon wieder|andauernd|pausenlos",
    ],
    ["THREAT", "beschwerde|polizei|anwalt|verbraucherzentrale|bundesnetzagentur|abmahn~|gericht"],
    ["SAY BEFORE", "(?:hab|habe) (?:ich )?(?:ihnen |euch |dir )?(?:doch )?schon (?:\\w+ ){0,3}?gesagt"],
    [
      "BEFORE",
      "letzte woche|letztes mal|das letzte mal|vorige woche|voriges mal|gestern|neulich|bereits|tausendmal|mehrmals|schon",
    ],
    ["CONSENT", "einwilligung|zustimmung|zugestimmt|erlaubnis|einverstandnis|genehmigung"],
    [
      "WITHDRAW",
      "widerruf~|widerrief|zieh(?:e|en)(?= (?:\\w+ ){0,3}?zuruck(?![a-z]))|zuruckzieh~|zuruckgezogen|nehm(?:e|en)(?= (?:\\w+ ){0,3}?zuruck(?![a-z]))|entzieh~|widerspreche|widerspruch",
    ],
    ["REMOVE", "nicht (?:mehr )?(?:auf|in)(?= (?:\\w+ ){0,2}?(?:[a-z]*liste[n]?|kartei|datenbank|verteiler))"],
    ["RECEIVE", "bekomm~|bekam|krieg(?:e|en|t)?|erhalt(?:e|en)"],
    ["NEG WANT", "(?<=(?:weiss|weis|wei) (?:\\w+ )?nicht,? )ob"],
    [
      "NEG MORE",
      "nicht mehr|nich mehr|net mehr|ned mehr|nit mehr|nod meh|nud meh|nid meh|ned meh|nimmer|nimma|nume|numme|numme mehr",
    ],
    ["NEVER MORE", "nie wieder|nie mehr|niemals wieder"],
    ["NEVER", "nie|niemals"],
    [
      "STOP CALL",
      "lass(?:en sie|t)? (?:mich|uns) (?:\\w+ )?in (?:ruhe|frieden)|in (?:ruhe|frieden) lassen|(?:der|das) letzte (?:anruf|telefonat)",
    ],
    [
      "STOP",
      "aufhor~|aufzuhoren|hor(?:en|t|e|st)?(?= (?:\\w+ ){0,3}?auf(?![a-z]))|lass(?:en sie|t)? (?:das|es)|unterlass~|schluss|stopp~|stop|beend~|einstell~|(?:stell|stelle|stellen)(?= (?:\\w+ ){0,3}?ab(?![a-z]))|abstell~|aufgehort|es reicht",
    ],
    [
      "REMOVE ME",
      "(?:nehmt|nehmen sie|streichen sie|loschen sie|entfernen sie|tragen sie|schmeiss|werfen sie) mich|(?:streich|losch|entfern|trag|nimm) mich|mich (?:\\w+ )?(?:streichen|loschen|entfernen|austragen|rausnehmen)",
    ],
    [
      "REMOVE",
      "losch~|geloscht|streich~|gestrichen|entfern~|austrag~|ausgetragen|raus(?:nehmen|genommen)?|nehm(?:en|t)(?= (?:\\w+ ){0,4}?(?:raus|von|aus)(?![a-z]))|(?<=(?:aus|von) (?:\\w+ ){1,3})(?:nehmen|nimmt|genommen)|abmeld~|sperr(?:en|t)",
    ],
    ["REMOVE LIST", "robinsonliste|robinson liste|sperrliste|werbesperre|sperrvermerk"],
    ["LIST", "[a-z]*liste[n]?|kartei|datenbank|datei|verzeichnis|system|register|verteiler"],
    [
      "NUMBER",
      "(?:meine|diese|unsere|die|meiner|dieser) (?:\\w+ )?(?:nummer|telefonnummer|handynummer|rufnummer|festnetznummer)",
    ],
    [
      "CALL",
      "[a-z]*anruf~|anzuruf~|angerufen|(?:ruf|rufe|rufen|ruft|rufst|rief|riefen)(?= (?:\\w+ ){0,5}?an(?![a-z]))|telefon~|kontakt~|meld(?:en|e|et)|belastig~|stor(?:en|t)|bimmel~|klingel~|callen|gecallt|lut~|luut~|aagruef~|agruef~|aalut~|alut~|aaglut~|von (?:ihnen|euch|ihrer firma|dir) (?:\\w+ )?horen|sms",
    ],
    ["WANT", "will|wollen|willst|mocht~|mag|wunsch~|brauch~|hatte gern|wott"],
    ["KEEP", "weiterhin|weiter|immer noch|noch|bleib~"],
    [
      "MORE",
      "mehr|wieder|nochmal|noch einmal|erneut|kunftig|in zukunft|zukunftig|ab (?:jetzt|sofort|heute)|von nun an",
    ],
    ["NEG", "nicht|nich|net|ned|nit|nod|kein~|niemand|nichts|nein|nee|no"],
    ["ME", "mich|mir|uns|mi"],
    [
      "YOU",
      "sie(?! (?:hat|ist|war|wird|meinte|sagt|sagte|will|wollte|kann|konnte|muss|soll|hatte)(?![a-z]))|ihnen|ihr|ihre|ihrer|euch|euer|eure|du|dich|dir|dein~",
    ],
  ],
};
