/** Hindi written in Latin letters (Hinglish), often mixed with English words. */
import type { LexiconSource } from "../lexicon.js";

export const hiLatn: LexiconSource = {
  lang: "hi-Latn",
  macros: {
    CALL: "(?:calls?|phone|fone|kol|contact|msg|message)",
    DO: "(?:karo|karna|kariye|kijiye|karein|kro|kiya karo|karen|karo na|kijiyega|bhejo|bhejna|bhejiye)",
    LIST: "(?:list|suchi|database|record|system)",
  },
  /** Words and stems (ending in *) that show a line may be in this language: only such lines are read in it. */
  markers:
    "nahi nahin nai karo karna mujhe mera meri aap hain yeh kya haan han ji theek thik bilkul yaar fone* pareshan* kitni* bhool* dnd* takleef* baar* chahiye* sahmati* mat band se ye hai bhi main ke liye apni wapas hoon ne kaha ki unhe dobara kiya jaye kar raha rahi",
  asked: [
    ["direct", "{CALL} (?:karna |karne )?band (?:karo|kariye|kijiye|kar do|kar dijiye|karein|kro|kar dein)"],
    ["direct", "{CALL} (?:mat|na|nahi|mt|mat hi) {DO}"],
    ["direct", "{CALL} (?:\\w+ )?(?:nahi|nahin|nai) (?:chahiye|chahte|chahta|chahti)"],
    ["direct", "{CALL} (?:na|nahi|mat) kiya (?:jaye|jaaye|jae)"],
    ["removal", "{LIST} se (?:\\w+ ){0,2}?(?:hata|nikal|remove|delete|hatao|hatado)"],
    ["removal", "dnd (?:activate|laga|on|chalu|active)|dnd (?:pe|par) hai"],
    ["revocation", "(?:consent|sahmati|permission|ijazat) (?:\\w+ )?(?:wapas|vapas|cancel)"],
    ["indirect", "{CALL}s? se (?:tang|pareshan) (?:aa|ho) ga\\w*"],
    ["indirect", "kitni (?:baar|bar|dafa) (?:bolna|kehna|batana|bolu|kahu)"],
    ["indirect", "(?:pareshan|tang) (?:mat|na|mt) {DO}"],
    ["indirect", "(?:mera|ye|yeh) number bhool ja\\w*"],
  ],
  possible: [
    ["hedged", "(?:last|aakhri|akhri) call (?:ho|samjho|samjhiye|hai)"],
    [
      "indirect",
      "(?:phir se|fir se|phirse|firse) aap(?: log)?(?=[.!?,]|$)|aap (?:log )?(?:phir se|fir se|phirse|firse)(?=[.!?,]|$)|(?:roz|daily) yaad karte",
    ],
    ["hedged", "(?:ye|yeh) number (?:\\w+ ){0,6}?(?:sahi|theek|thik) nahi"],
    ["hedged", "takleef (?:mat|na) {DO}|(?:interest|dilchaspi) nahi(?: hai)?,? (?:takleef|pareshan)"],
    [
      "indirect",
      "(?:baar|bar) ?(?:baar |bar )?(?:call|phone) (?:kyun|kyu|kyon|karte)|(?:roz|har din) (?:call|phone) (?:kyun|kyu|karte)",
    ],
    ["third-party", "galat number|wrong number"],
  ],
  exempt: ["waiting list|recording|(?:phone|call) (?:uthaya|uthayi|uthaaya|uthaayi|utha liya|utha li)"],
  negated: ["agar aap "],
  reported: ["(?:dost|friend|padosi|bhai|behen|behan) (?:\\w+ ){0,2}(?:bolta|kehta|bolti|kehti|bola|kaha)"],
  retracted: ["(?:ko )?(?:nahi|nhi) (?:kaha|bola)", "mazak"],
  lead: "(?:arre|yaar|dekho|suniye)",
  yes: "(?:haan|han|ha|ji haan|ji|theek hai|thik hai|bilkul|zaroor|jarur|haan ji|hata do)",
  no: "(?:nahi|nahin|nai|bilkul nahi|na)",
  unsure: "(?:pata nahi|shayad|maloom nahi|sochunga|dekhte hain)",
  offer: ["{LIST} se (?:hata|nikal) (?:doon|du|dun|dein|de|dun)"],
  keep: ["{CALL} aage bhi (?:lena|pana|sunna) chah\\w*"],
  courtesy: "agar aap (?:chahein|chahen|chahe|chahte hain|chahti hain)",
  past: "kabhi (?:\\w+ ){0,5}?(?:kaha|bola|kiya|manga|maanga) (?:hai|tha)",
  confirm: ["{LIST} se (?:hata diya|nikal diya)"],
  intro: ["(?:main|mai|mera naam) ([a-z]+) (?:\\w+ )?(?:se|bol raha|bol rahi|baat kar)"],
  keys: ["call", "phone", "band", "karo", "list", "number"],
  aliases: { fone: "phone", kol: "call", kall: "call" },
  hedges: "shayad",
};
