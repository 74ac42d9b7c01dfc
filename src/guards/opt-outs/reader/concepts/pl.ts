/** Polish concept words (concepts.ts). Folded text: ą ę ł ś ż ź ć ń ó are a e l s z z c n o. `~` ends a stem. */
import type { ConceptSource } from "../concepts.js";

export const pl: ConceptSource = {
  lang: "pl",
  script: "latin",
  entries: [
    // A stop said to someone beside the callee, then excused ("stop, you make me laugh — sorry, that's my son").
    [
      "OKCALL",
      "(?:przestan|przestancie|dosc|stop|daj spokoj|skoncz)(?:(?!dzwon|telefon|kontakt)[^.?!]){0,60}?(?:przepraszam|sorry|pardon)[,.!]? (?:to (?:moj|moja|moje|nasz|nasza)|mowilem do|mowilam do) [a-z]+",
    ],
    // The callee calling back themself ("I'll call back to rebook"): contact kept, not refused.
    ["CALL LATER", "oddzwonie|zadzwonie (?:sam|sama|pozniej|jutro)"],
    // This call welcomed after talk of something else ("anyway, what's this about?"), or told it is not meant.
    [
      "OKCALL",
      "(?:no ale|ale|no dobrze|dobra|w kazdym razie|zreszta|anyway|no)[,.]? (?:o co chodzi|w czym moge pomoc|czym moge sluzyc)|w czym moge pomoc|to nie (?:do|o) (?:pana|pani|was|ciebie)",
    ],
    // The calls said not to bother, or the caller reassured ("they don't bother me", "vous ne me dérangez pas"); not the
    // request "don't bother me".
    [
      "OKCALL",
      "(?:to |one |telefony |te telefony )?nie przeszkadza(?:ja)? (?:mi|nam)(?! wiecej)|(?:pan|pani|panstwo|to) (?:mi |nam )?nie przeszkadza(?:ja|cie)?(?![a-z])|nie przeszkadza(?:sz|cie) (?:mi|nam)",
    ],
    ["WANT", "(?:byloby|bedzie|bylo by) (?:lepiej|dobrze|milo|super|wygodniej),? (?:gdyby|jesli|jakby|zeby)"],
    ["REPEAT", "(?:troche |tak |za |bardzo )?czesto|za duzo|mniej"],
    ["REMOVE", "zapomni~|zapomnie~"],
    [
      "HOWGOT",
      "skad (?:\\w+ ){0,4}?(?:macie|ma pan|ma pani|masz|mają|maja|wzieliscie|wziales|wzial|dostaliscie|mieliscie) (?:\\w+ ){0,2}?(?:moj|ten|nasz) (?:\\w+ )?(?:numer|telefon|kontakt)|kto (?:wam|panu|pani|ci) (?:dal|dala|podal|podala) (?:moj|ten) (?:\\w+ )?numer",
    ],
    [
      "RETRACT",
      "zapomnij(?:cie)? (?:o )?(?:tym )?co (?:powiedzialem|powiedzialam|mowilem|mowilam)|zartowalem|zartowalam|niewazne co mowilem",
    ],
    [
      "OKCALL",
      "(?:mozecie|moze pan|moze pani|mozesz|mozna) (?:dalej |spokojnie |smialo )?(?:dzwonic|zadzwonic|przypominac|kontaktowac)|dzwon(?:cie|ic)? (?:smialo|spokojnie|dalej)|prosze (?:dalej |nadal )?dzwonic|dzwonic mozecie|zadzwon(?:cie)? (?:po|jutro|pozniej|wieczorem|za)|(?:chce|chcialbym|chcialabym) (?:dalej )?(?:dostawac|otrzymywac)|przypomnienia (?:mi )?pomagaja|nie usuwajcie mnie|nie ma problemu",
    ],
    ["NAMING", "prosze pani|prosze pana|kochana|kochanie|skarbie|szefie|babciu|ciociu|wujku|mloda|mlody"],
    ["RECORD", "nagr(?:ywanie|ywania|ywac|anie|ana|any|ac)"],
    [
      "OTHERLIST",
      "adres(?:u|em|y|ow|ie)?|zamowieni~|koszyk~|list(?:a|y|e|ie) (?:rezerwow~|oczekujacych)|liscie (?:rezerwowej|oczekujacych)|grup(?:a|y|ie|e)|czat~|messenger~|whatsapp~|newsletter~|maili|mailow~|papierow~|e faktur~|kart(?:a|e|y|ami|ach|om|ow)?(?: kredytow~| platnicz~)?|visa|mastercard",
    ],
    ["MEDIA SAY", 'jest napisane|pisze:?(?= ")'],
    ["MEDIA", "reklam~|telewizj~|tv|radio|ulotk~|strona|film|serial|piosenk~|wideo|notatk~"],
    ["NEG SAY", "nie (?:to|chodzi o to),? ze|nie prosze(?=,? (?:zeby|o|aby))|nie prosilem|nie prosilam"],
    [
      "THIRD",
      "(?:moj|moja|moje|moi|jego|jej|nasz|nasza|jakis|jakas) (?:\\w+ )?(?:maz|zona|syn|corka|dzieci|matka|mama|ojciec|tata|brat|siostra|sasiad|sasiadka|sasiedzi|kolega|kolezanka|znajom[ya]|przyjaciel|przyjaciolka|szef|szefowa|tesciowa|tesc|babcia|dziadek|ciocia|wujek|facet|gosc)|(?:sasiadka|sasiad|maz|zona|brat|siostra|syn|corka|matka|mama|ojciec|tata|tesciowa|on|ona|oni|one|ktos)(?= )",
    ],
    ["SAY OTHER", "powiedz(?:cie)? im|powiedz(?:cie)? jej|powiedz(?:cie)? jemu"],
    ["OTHER", "im|ich|jemu|tej firmie|tamtej firmie|innej firmie|tym ludziom"],
    [
      "SAY",
      "mowi~|powiedzi~|powiedzial~|powiedz~|krzycz~|krzykn~|wrzeszcz~|prosil~|pisal~|napisal~|odpowiedzial~|odpowiada~|mowil~|kazal~|kaze|przekaz~",
    ],
    // A condition on the addressee's wish, "ty" unsaid: "jeśli nie chcesz więcej telefonów".
    ["IF YOU", "(?:jesli|jezeli)(?= (?:nie |juz nie )?(?:chcesz|chcecie|wolisz|wolicie|zyczysz|zyczycie)(?![a-z]))"],
    ["IF", "jesli|jezeli|gdyby|jakby|w kazdej chwili|kiedy tylko"],
    ["NOW", "teraz|dzisiaj|dzis|w tej chwili|obecnie|w tym tygodniu"],
    [
      "LATER",
      "pozniej|jutro|wieczorem|po poludniu|po (?:szostej|piatej|siodmej|osmej|\\w+ej|\\d+)|za (?:godzine|godzinke|chwile|\\w+ godzin~|\\w+ minut)|innym razem|w przyszlym tygodniu|tak wczesnie|za wczesnie|tak pozno|za pozno|w (?:niedziele|sobote|weekend)|w porze obiadu|przed \\w+",
    ],
    ["NOTINT", "nie jestem zainteresowan[ya]|nie interesuje mnie|nie jestesmy zainteresowani|nie interesuje"],
    [
      "ANNOY",
      "mam (?:tego )?dosc|wkurz~|denerw~|irytuj~|meczy~|nekac~|nekanie|uciazliw~|kurcze|kurde|cholera|znowu wy",
    ],
    ["REPEAT", "rzadziej|tak czesto"],
    [
      "REPEAT",
      "codziennie|co (?:dzien|tydzien|godzine|chwile)|ile razy|(?:\\w+|\\d+) razy (?:dziennie|dzisiaj|dzis|w tygodniu|na dzien)|(?:piaty|czwarty|trzeci|\\w+ty) raz|ciagle|caly czas|bez przerwy|w kolko|znowu|znow",
    ],
    ["THREAT", "skarg~|zglosz~|policj~|prawnik~|uokik|rzecznik~"],
    ["SAY BEFORE", "(?:juz )?(?:mowilem|mowilam|powiedzialem|powiedzialam) (?:juz|panu|pani|wam)"],
    [
      "BEFORE",
      "w zeszlym tygodniu|w zeszlym miesiacu|ostatnio|wczoraj|poprzednio|wczesniej|ostatnim razem|tysiac razy",
    ],
    ["CONSENT", "zgod(?:a|e|y|zie)|zezwoleni~|pozwoleni~|przyzwoleni~"],
    ["WITHDRAW", "wycofuj~|wycofac|wycofal~|odwoluj~|odwolac|cofam|cofnac|sprzeciw~|anuluj~"],
    ["NEG WANT", "nie wiem,? czy (?:\\w+ )?(?:potrzebuje|chce)"],
    ["NEG MORE", "juz nie|wiecej nie|juz wiecej nie"],
    ["NEVER MORE", "nigdy wiecej|nigdy juz"],
    ["RECEIVE", "dostawa~|dostaj~|otrzymywa~|odbiera~"],
    ["NEVER", "nigdy"],
    [
      "STOP CALL",
      "dajcie (?:mi )?(?:swiety )?spokoj|daj (?:mi )?(?:swiety )?spokoj|zostawcie mnie w spokoju|odczepcie sie|ostatni telefon",
    ],
    ["STOP", "przesta~|przestan~|koniec|dosc|wystarczy|stop|zaprzesta~|skonczcie|ostatni raz"],
    ["REMOVE ME", "(?:usun|skresl|wykresl|wypisz)[a-z]* mnie|mnie (?:\\w+ )?(?:usun|skresl|wykresl|wypisa|wypisz)~"],
    ["REMOVE", "usun~|usuw~|skresl~|wykresl~|wypisz~|wypisac|wymaz~|kasuj~|skasuj~|wykasuj~"],
    [
      "LIST",
      "list(?:a|e|y|ie)?|liscie|baz(?:a|e|y|ie)|bazy danych|rejestr~|system~|kartotek~|ewidencj~|kontakt(?:ow|y)",
    ],
    ["NUMBER", "(?:moj|ten|nasz|mojego|tego) (?:\\w+ )?(?:numer~|telefon~|komork~)"],
    [
      "CALL",
      "dzwon~|zadzwon~|dzwoni~|wydzwania~|telefon(?:y|ow|ami|ach|ujcie|owac)|kontakt(?:u|owac|ujcie|owal~)|skontakt~|niepokoi~|przeszkadza~|przypomin~|sms~|polaczen~",
    ],
    ["WANT", "chce~|chcial~|chcemy|chca|zycz~|wolal~|potrzeb~"],
    ["KEEP", "dalej|nadal|wciaz|kolejn~|dalsz~"],
    ["MORE", "wiecej|juz|ponownie|jeszcze raz|od teraz|od dzisiaj|w przyszlosci|na przyszlosc"],
    ["NEG", "nie|ani|zadn~|nic|nikt"],
    ["ME", "mnie|mi|nas|nam|do mnie"],
    ["YOU", "wy|was|wam|pan|pani|panstwo|panstwa|panu|ty|ciebie|cie|ci|twoj~|wasz~|zebyscie|zebys"],
  ],
};
