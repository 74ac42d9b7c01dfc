/** Polish. Patterns are over folded text: no diacritics (ł is l), lower case. */
import type { LexiconSource } from "../lexicon.js";

export const pl: LexiconSource = {
  lang: "pl",
  macros: {
    DZWONIC:
      "(?:dzwonic|dzwoncie|dzwon|dzwoni|dzwonili|dzwonienie|wydzwaniac|wydzwaniajcie|kontaktowac|kontaktujcie|niepokoic|niepokojcie|nekac|telefonowac)",
    LISTA: "(?:listy|lista|liscie|bazy|baza|bazie|bazy danych|rejestru|systemu|kartoteki|kontaktow|ewidencji)",
    TELEFONY: "(?:telefonow|telefony|polaczen|polaczenia|rozmow|kontaktow|kontaktu|telefonu)",
  },
  /** Words and stems (ending in *) that show a line may be in this language: only such lines are read in it. */
  markers:
    "nie prosze mnie tak juz wiecej nigdy pani jest czy moze dzwon* przesta* usun* wykresl* skasuj* zgod* spokoj* kontakt* wypis* chce* zycz* dlaczego* ile* zadnych* dosc* konie* nek* numer* telefon* list* zapomn* moim znowu znow slucham dobrze",
  asked: [
    [
      "direct",
      "(?:prosze |prosimy )?(?:przestac|przestancie|przestan|przestaniecie|skonczcie|koniec z) (?:\\w+ ){0,2}?{DZWONIC}",
    ],
    [
      "direct",
      "(?:nie|nigdy) (?:wiecej |juz )*(?:do mnie |do nas |do niej |do niego |na ten numer |tutaj )?(?:prosze )?(?:{DZWONIC})(?: \\w+){0,3}? (?:wiecej|juz|nigdy|ponownie)",
    ],
    ["direct", "(?:nie|nigdy) (?:wiecej |juz )+(?:prosze )?(?:do mnie |do nas |na ten numer )?{DZWONIC}"],
    [
      "direct",
      "nie (?:dzwoncie|dzwon|wydzwaniajcie|niepokojcie|nekajcie)(?= *(?:[.,!?]|$)| do (?:mnie|nas)| na ten numer| tutaj)",
    ],
    ["direct", "nigdy (?:wiecej |juz )*(?:do mnie |do nas |na ten numer )?nie {DZWONIC}"],
    [
      "direct",
      "(?:prosze|prosimy) (?:(?:juz|wiecej|do mnie|do nas|na ten numer|tu|tutaj|wiecej do mnie) ){0,3}nie (?:\\w+ )?{DZWONIC}",
    ],
    [
      "direct",
      "nie (?:chce|chcemy|chca|chcial|zycze sobie|zyczymy sobie|chce juz)(?: juz| wiecej)? (?:\\w+ )?(?:zadnych |wiecej |tych |takich |waszych )*(?:\\w+ )?{TELEFONY}",
    ],
    [
      "direct",
      "nie (?:chce|chcemy|zycze sobie)(?: juz)?,? (?:zeby|aby|by|zebyscie|zebys|abyscie|abys|zeby pan|zeby pani) (?:\\w+ ){0,5}?(?:dzwonil|dzwonili|dzwonila|dzwoniono|kontaktowal|kontaktowali|kontaktowano|niepokojono|niepokoili)",
    ],
    ["direct", "(?:zadnych|koniec|dosc|dosyc) (?:wiecej )?(?:\\w+ )?{TELEFONY}"],
    [
      "removal",
      "(?:usun|usuncie|usunac|wykresl|wykreslcie|wykreslic|skasuj|skasujcie|skasowac|wymaz|wymazcie|wypisz|wypiszcie)(?: mnie| nas| moj numer| ten numer| moje dane)? (?:z|ze) (?:\\w+ ){0,2}?{LISTA}",
    ],
    [
      "removal",
      "(?:usunac|usuncie|skasowac|skasujcie|wykreslic) (?:moje dane|moj numer|mnie)(?= *(?:[.!?,]|$))|(?:wypisac|wypisuje|wypisz) (?:sie|mnie)|(?:sie|mnie) wypisac",
    ],
    ["revocation", "(?:wycofuje|cofam|odwoluje|wycofac) (?:moja |swoja )?zgode"],
    [
      "revocation",
      "nie (?:wyrazam|daje|udzielam) (?:juz )?zgody (?:na )?(?:\\w+ ){0,2}?(?:kontakt|telefony|dzwonienie|polaczenia|marketing)",
    ],
    ["indirect", "ile razy (?:\\w+ ){0,3}?(?:powtarzac|mowic|powiedziec|tlumaczyc)"],
    ["indirect", "(?:dajcie|daj|dajze|prosze dac) (?:mi|nam) (?:\\w+ ){0,2}?spokoj"],
    ["indirect", "zapomnijcie (?:o )?(?:moim|tym) numerze"],
  ],
  possible: [
    ["hedged", "(?:zeby|gdyby|niech) to (?:byl|bedzie|jest) ostatni (?:telefon|raz)"],
    ["indirect", "(?:znowu|znow) (?:wy|pan|pani|panstwo)(?=[.!?,]|$)|(?:wy|pan|pani) znowu(?=[.!?,]|$)"],
    ["hedged", "to nie (?:jest )?(?:\\w+ )?(?:dobry|wlasciwy|najlepszy|odpowiedni) numer (?:do|na) (?:tego|takich)"],
    // Near misses: a word of ending and a word of calling close together, worded unlike the cues above.
    [
      "hedged",
      "(?:przesta\\w*|koniec|dosc|dosyc|nigdy wiecej|juz nie|usun\\w*|wykresl\\w*|skasuj\\w*)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,3}? (?:dzwon\\w*|telefon\\w*|kontakt\\w*|moj numer|ten numer|z listy|z bazy)|(?:dzwon\\w*|telefon\\w*|kontakt\\w*|moj numer|ten numer|z listy|z bazy)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,2}? (?:przesta\\w*|koniec|dosc|dosyc|nigdy wiecej|juz nie|usun\\w*|wykresl\\w*|skasuj\\w*)",
    ],

    ["hedged", "szkoda (?:fatygi|czasu)|niech sie pan nie fatyguje|nie trudzcie sie"],
    [
      "indirect",
      "dlaczego (?:ciagle|wciaz|znowu|caly czas) (?:do mnie )?(?:dzwonicie|dzwonia|pan dzwoni)|(?:dzwonicie|dzwonia) (?:codziennie|ciagle|caly czas)",
    ],
    ["indirect", "to jest nekanie|to nekanie"],
    ["third-party", "(?:pomylka|zly numer|pomylil sie pan)|(?:zmarl|zmarla)|(?:juz )?tu nie mieszka"],
  ],
  exempt: [
    "odebra\\w* (?:telefon|komorke)",
    "listy oczekujacych|lista oczekujacych|liscie oczekujacych|listy gosci|listy zakupow",
    "nie mowic do mnie \\w+",
    "(?:zgody|zgode)(?: \\w+){0,2} (?:na )?nagrywanie",
  ],
  negated: [
    "nie (?:prosze|prosilem|prosilam|mowie|mowilem|mowilam)(?:,)?(?: zebyscie| zeby| o)?",
    "nie (?:trzeba|musicie|musi pan)",
    "(?:jesli|jezeli) (?:pan |pani )?(?:chce|woli)(?:,)?(?: zeby)?",
    "(?:nie )?(?:usuwajcie|usuwaj)(?: mnie)?",
    "(?:prosze )?powiedziec ",
  ],
  reported: [
    "(?:moja|moj|jakis|jakas) (?:\\w+ )?(?:kolega|kolezanka|sasiad|sasiadka|siostra|brat|szef)s? (?:\\w+ ){0,3}?(?:mowi|mowil|mowila|powiedzial|powiedziala)",
    "(?:on|ona|oni|ktos) (?:\\w+ )?(?:mowi|mowil|mowila|powiedzial)",
  ],
  retracted: ["ale (?:ja )?nie", "zartuje", "haha"],
  lead: "(?:no|wie pan|prosze pana|szczerze)",
  yes: "(?:tak|oczywiscie|jasne|prosze|poprosze|zgoda|dobrze|ok|okej|okay|tak prosze|pewnie|zgadza sie)",
  no: "(?:nie|w zadnym wypadku|nigdy|absolutnie nie|nie dziekuje)",
  unsure: "(?:nie wiem|moze|byc moze|nie jestem pewien|nie jestem pewna|zastanowie sie)",
  offer: [
    "(?:czy )?(?:mam|mamy|mozemy|moge|chce pan|chce pani|zyczy pan sobie|zyczy sobie pani)(?:,)?(?: zeby| zebysmy)? (?:usunac|usunelam|usunal|wykreslic|usunac pana|usunac pania|wypisac)",
    "(?:czy )?(?:mamy|mam) (?:juz )?nie dzwonic|(?:czy )?(?:mamy|mam) przestac dzwonic",
  ],
  keep: [
    "(?:czy )?(?:chce|chcialby|chcialaby|zyczy sobie) (?:pan|pani)? ?(?:nadal|dalej) (?:otrzymywac|dostawac|odbierac)",
    "(?:czy )?(?:mozemy|moge) (?:jeszcze |ponownie )?(?:zadzwonic|dzwonic|kontaktowac sie) (?:w przyszlosci|ponownie)",
  ],
  courtesy: "(?:jesli|jezeli) (?:pan|pani|panstwo) (?:woli|chce|sobie zyczy|wola|chca|sobie zycza)(?= ?[,.!?;]|$)",
  past: "kiedykolwiek|kiedys",
  confirm: [
    "(?:usunelam|usunalem|usunelismy|wykreslilem|wykreslilam) (?:pana|pania|panstwa|numer)",
    "nie bedziemy (?:juz )?dzwonic",
  ],
  intro: ["(?:tu|mowi|nazywam sie|jestem|z tej strony) ([a-z]+)(?: [a-z]+)?,? (?:z|ze|w imieniu)"],
  keys: ["dzwonic", "dzwoncie", "przestac", "prosze", "numer", "listy", "wiecej"],
  aliases: {},
  hedges: "moze|chyba|nie wiem czy",
  summary: [
    [
      "reported",
      "poprosil[a]?,? (?:o |aby |zeby |by )?(?:\\w+ ){0,3}?nie (?:dzwonic|kontaktowac)|poprosil[a]?,? o (?:usuniecie|niedzwonienie)",
    ],
  ],
  summaryHints: [["hedged", "(?:zirytowan|zdenerwowan)[ya] (?:\\w+ )?(?:telefonami|polaczeniami)"]],
  denied: ["nie prosil[a]? o"],
};
