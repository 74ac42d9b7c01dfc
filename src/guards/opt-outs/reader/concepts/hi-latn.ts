/** Hindi in Latin letters (Hinglish) concept words (concepts.ts), with the spellings people type. `~` ends a stem. */
import type { ConceptSource } from "../concepts.js";

export const hiLatn: ConceptSource = {
  lang: "hi-Latn",
  script: "latin",
  entries: [
    // A stop said to someone beside the callee, then excused ("stop, you make me laugh — sorry, that's my son").
    [
      "OKCALL",
      "(?:bas karo|bas karein|ruko|chup)(?:(?!call|phone|fone)[^.?!]){0,60}?(?:sorry|maaf kijiye|maaf karna)[,.]? (?:[a-z]+ ){0,3}?(?:bhai|beta|beti|pati|patni|maa|mummy|papa|bacha|bachcha|bacche|dost|wife|husband)",
    ],
    // The callee calling back themself ("I'll call back to rebook"): contact kept, not refused.
    ["CALL LATER", "main (?:khud )?(?:baad mein )?(?:call|phone) kar (?:lunga|loonga|lungi|loongi)"],
    // Reassured, not stopped: "you are not bothering me".
    ["OKCALL", "pareshan nahi kar (?:rahe|rahi|raha)|koi pareshani nahi"],
    // This call welcomed after talk of something else ("anyway, what's this about?"), or told it is not meant.
    ["OKCALL", "(?:khair|khaer|chhodo|chodo|anyway)[,.]? (?:bataiye|batao)|kya kaam hai|aapko nahi (?:bola|kaha)"],
    ["OKCALL", "band (?:mat|na|nahi) (?:karo|karna|kijiye|kariye|karein|kar)"],
    ["WANT", "(?:achha|accha|acha|behtar|theek) (?:hoga|rahega) (?:agar|ki)"],
    [
      "REPEAT",
      "(?:thoda |bahut |itna |itne )?(?:zyada|jyada|zada)|kam (?:karo|kariye|kijiye|kar do|karein|karo na)|baar baar",
    ],
    [
      "HOWGOT",
      "(?:mera|mere|ye|yeh|hamara) (?:\\w+ )?(?:number|no) (?:\\w+ ){0,4}?(?:kahan|kaha|kidhar|kaise) (?:se|mila)|(?:kahan|kaha|kidhar) se (?:\\w+ ){0,2}?(?:mera|mere|ye) (?:number|no)|(?:number|no) (?:\\w+ ){0,2}?(?:kisne|kis ne) (?:diya|di)|mila kahan se",
    ],
    ["RETRACT", "bhool jao (?:jo )?maine (?:kaha|bola)|jo maine kaha (?:woh |wo )?bhool jao|mazak kar raha|mazaak"],
    [
      "OKCALL",
      "(?:call|phone|fone) (?:kar )?(?:sakte|sakti|sakta) (?:ho|hain|hai)|(?:call|phone|fone) kar (?:dena|dijiye|dijiyega)|(?:call|phone) karte rahiye|karte rahiye|karte rahna|karte raho|karte rahen|karte rahein|(?:reminder|reminders) (?:chalu|chahiye|bhejte rahiye)|mujhe chahiye|koi problem nahi|chalu rakh~|(?:shaam|subah|kal|raat|dopahar) (?:ko )?(?:\\w+ ){0,4}?(?:call |phone )?(?:karna|kijiye|karo|karein)",
    ],
    ["NAMING", "aunty|auntie|uncle|didi|behenji|madam|beta"],
    ["RECORD", "recording|record"],
    [
      "OTHERLIST",
      "address|(?:purana|purane|naya|naye|mera|mere|ghar ka) pata|order|cart|waiting list|group|whatsapp|chat|newsletter|email|mail|paper bill|card|cards",
    ],
    ["MEDIA", "ad|advertisement|tv|television|radio|letter|chitthi|video|film|gaana"],
    [
      "NEG SAY",
      "(?:maine )?(?:ye |yeh |aisa )?(?:kabhi )?nahi (?:kaha|bola)|(?:aisa|aisi (?:koi )?baat) nahi (?:hai )?ki",
    ],
    [
      "THIRD",
      "(?:mere|meri|mera|uske|uski|unke|unki|hamare|hamari) (?:\\w+ )?(?:pati|patni|husband|wife|beta|beti|bachche|maa|mummy|papa|pitaji|bhai|behen|padosi|padosan|dost|friend|saas|sasur|dadi|dada|nani|nana|chacha|chachi|boss)|(?:woh|wo|unhone|usne|koi)(?= )|(?:teacher|principal|manager|boss|doctor|secretary|maalik|sahab|madam|sir) ne(?= )",
    ],
    ["SAY OTHER", "unko (?:bolo|bol do|bata do|kaho)|usko (?:bolo|bol do|kaho)"],
    ["OTHER", "unko|unhe|usko|use|un logon ko|us company|doosri company|unse"],
    [
      "SAY",
      "kaha|kehte|kehta|kehti|kahenge|kahunga|(?:keh|kah|bol) (?:raha|rahi|rahe)|bola|bol diya|bolo|bol do|bolte|bolta|bolti|boliye|likha|chillaya|chillayi|bataya",
    ],
    ["IF", "agar|jab bhi|kabhi bhi"],
    ["NOW", "abhi|aaj|is waqt|filhaal"],
    [
      "LATER",
      "baad (?:mein|me)|baad|shaam|subah|kal|raat|dopahar|ghante (?:baad|mein)|thodi der|phir kabhi|agle hafte|\\w+ baje|itni subah|itni raat|sunday ko|office time|kaam ke time",
    ],
    ["NOTINT", "interest nahi|interested nahi|interest nahin|dilchaspi nahi|not interested"],
    [
      "ANNOY",
      "pareshan|tang (?:aa|kar)|dimaag kharab|dimag kharab|pak gaya|pak gayi|irritate|harass|had ho gayi|hadd hai",
    ],
    ["REPEAT", "kam call|itni baar"],
    [
      "REPEAT",
      "roz|rozana|har (?:din|roz|hafte|ghante)|(?:kitni|kitne) (?:baar|bar)|(?:\\w+|\\d+) (?:baar|bar)|baar baar|din mein \\w+ baar",
    ],
    ["THREAT", "complaint|shikayat|police|lawyer|vakil|trai|consumer court"],
    ["SAY BEFORE", "pehle (?:bhi )?(?:kaha|bola|bataya)|kitni baar (?:kaha|bola)"],
    ["BEFORE", "pichhle hafte|kal bhi|pehle bhi"],
    ["CONSENT", "permission|anumati|ijazat|consent|sahmati|manjoori"],
    ["WITHDRAW", "wapas (?:le|leta|leti|lete|liya)|withdraw|radd"],
    ["NEVER", "kabhi (?:bhi )?(?:nahi|mat|na)"],
    [
      "STOP",
      "band (?:karo|kijiye|karein|kar do|kar dijiye|karna|karwa~|kar)|rok (?:do|dijiye)|ruk(?:o|iye|ein)|bas (?:karo|kijiye|kar)|stop",
    ],
    [
      "REMOVE ME",
      "(?:hata|nikal) (?:do|dijiye|dena|dijie)|(?:mujhe|mera naam|hame|humein) (?:\\w+ ){0,3}?(?:hata|hatao|hata do|hata dijiye|nikal|nikalo|nikal do|remove|delete)",
    ],
    ["REMOVE", "hata~|hatao|hataiye|nikal~|remove|delete|mita~"],
    ["REMOVE LIST", "dnd|do not disturb|ncpr"],
    ["LIST", "list|database|record|system|suchi"],
    ["NUMBER", "(?:mera|mere|is|ye|yeh|hamara) (?:\\w+ )?(?:number|no)"],
    ["CALL", "call|calls|phone|fone|contact|disturb|message|sms|ring"],
    ["WANT", "chahiye|chahta|chahti|chahte|chaiye"],
    ["KEEP", "jaari|chalu|aage bhi"],
    ["MORE", "dobara|phir|phir se|aage se|ab se|aaj ke baad|firse|ab"],
    ["NEG", "mat|nahi|nahin|nai|na"],
    ["ME", "mujhe|mujhko|hume|humein|hamein|mere ko"],
    ["YOU", "aap|aapko|aapki|aapka|aapke|tum|tumko|tumhe|aap log|aap logon"],
  ],
};
