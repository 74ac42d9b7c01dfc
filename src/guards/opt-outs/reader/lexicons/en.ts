/** English: how people ask not to be called, and what only looks like it. Patterns are over folded text (text.ts). */
import type { LexiconSource } from "../lexicon.js";
import { enDialogue } from "./en-dialogue.js";

const CALLV =
  "(?:call|ring|phone|contact|text|dial|bother|harass|bug|pester|hound|spam|robocall|message|email|reach out to|reach out|reach|get in touch with)";
const CALLING =
  "(?:call(?:ing|in)?|ringing|phon(?:e|ing)|contact(?:ing)?|text(?:ing)?|dial(?:ing)?|bother(?:ing)?|harass(?:ing)?|bugging|pester(?:ing)?|hound(?:ing)?|spamm?ing|robocall(?:ing)?|messaging|emailing)";
const KIN =
  "(?:mother|mom|mum|mama|father|dad|papa|wife|husband|son|daughter|grandmother|grandfather|grandma|grandpa|nan|gran|parents?|kids?|family|boss|aunt|uncle|brother|sister|partner|client|patient)";
const OBJ = `(?:me|us|him|her|them|here|my (?:\\w+ )?(?:number|phone|cell|mobile|line|landline|house|home)|my ${KIN}|this (?:number|phone|line|house|household|home|cell|mobile)|that number|the house|our (?:house|home|number|family)|(?:a )?este numero|aqui)`;

export const en: LexiconSource = {
  lang: "en",
  macros: {
    CALLV,
    KIN,
    CALLING,
    OBJ,
    NEG: "(?:don'?t|do not|dont|never|no longer|do ?n'?t)",
    AGAIN:
      "(?:again|anymore|any more|ever again|no more|any longer|from now on|in (?:the )?future|otra vez|nunca mas|mas)",
    LIST: "(?:list|lists|lista|listas|liste|database|data base|records?|system|files?|register|registry|roster|contacts?|directory|books|dialer|rolodex)",
    YOUR: "(?:your|you'?re|you|ur|yor|the|this|that|our|their|all (?:of )?(?:your|the)|any|every|whatever|all|those|these)",
    OFF: "(?:off|of|out of|from|form|outta|off of)",
    CALLS:
      "(?:calls|phone calls|robocalls|telemarketing|cold calls|texts|messages|contact|contacts|communications?|calling|phone ?calls)",
    ANYCALLS:
      "(?:any |these |those |your |the |more |further |such |this |all |of |other |no )*(?:\\w+ )?(?:calls?|phone calls?|robocalls?|telemarketing|texts|messages|contact|communications?)",
    ME: "(?:me|us|him|her|them|it|my (?:\\w+ )?(?:number|numero|name|info|information|details|data|contact(?: info)?|phone)|this (?:number|phone|line)|that number|our (?:number|names?))",
    SUBJ: `(?:i|we|he|she|they|my ${KIN}|the (?:owner|resident))`,
    DONT3: "(?:do not|don'?t|dont|does not|doesn'?t|doesnt|no longer|never|did not|didn'?t)",
  },
  asked: [
    [
      "direct",
      "(?:stop|quit|cease|discontinue|refrain from|desist from|abstain from)(?: and desist)?(?: from)? (?:all )?(?:{CALLING})",
    ],
    [
      "direct",
      "(?:want|need|would like|'d like) (?:these|the|your|all|all these|all the|all of these|all of your|those) (?:\\w+ )?(?:calls|phone calls|texts|robocalls) to (?:stop|end|cease)|(?:these|the|your|all|all these|all the|those) (?:\\w+ )?(?:calls|phone calls|robocalls) (?:need to|have to|must|gotta|got to|should|will|are going to|better) (?:stop|end|cease)",
    ],
    [
      "direct",
      "no (?:phone )?calls,? no (?:texts|messages|emails)|no (?:sales|marketing|promo(?:tional)?|telemarketing|robo|spam|cold|advertising|solicitation) (?:phone )?calls",
    ],
    [
      "removal",
      "(?:want|like|'d like|need|have|get) {ME} (?:deleted|removed|taken off|erased|struck|dropped|wiped|purged)",
    ],
    [
      "removal",
      "(?:be|get|being|getting) (?:placed|put|added|listed|registered) (?:on|onto|to|in) (?:the |your |a )?(?:\\w+ )?(?:do not call|dnc|no call)",
    ],
    [
      "direct",
      "(?:stop|end|halt|cease|quit|discontinue) (?:all |the |these |those |your |with (?:the |these |your )?)+(?:\\w+ ){0,2}?{CALLS}",
    ],
    ["direct", "{NEG} (?:ever |even |bother |you dare |try to |evr )?(?:{CALLV}|{CALLING}) (?:back )?{OBJ}"],
    ["direct", "{NEG} (?:ever |even )?(?:{CALLV}) (?:\\w+ ){0,3}?{AGAIN}"],
    ["direct", "not (?:ever )?(?:{CALLV}|{CALLING}) (?:{OBJ} )?{AGAIN}"],
    [
      "direct",
      "(?:cease|stop|end|discontinue|halt) (?:all )?(?:contact|communication|communications|calls)(?: with (?:me|us))?",
    ],
    ["direct", "(?:is|are|am) not to be (?:called|contacted|rung|phoned)"],
    ["direct", "(?:stop|quit|knock|cut) it (?:out )?with (?:the |these |those |your |all )?(?:\\w+ )?{CALLS}"],
    ["removal", "(?:want|get|need|like) (?:me |us |my number )?(?:off|out of) (?:{YOUR} )?(?:\\w+ ){0,2}?{LIST}"],
    ["direct", "{NEG} (?:ever |even |bother )?(?:{CALLV}|calling) back"],
    ["direct", "(?:please |pls )?{NEG} (?:ever )?(?:call|ring|phone|contact)(?= *(?:[.!?]|$))"],
    [
      "direct",
      "(?:if you|you could|you would|you'?d|rather you|prefer (?:it )?(?:if |that )?you|wish you|want you to) (?:didn'?t|did not|wouldn'?t|would not|don'?t|do not|stopped|quit|stop|never|no longer) (?:ever )?(?:{CALLV}|{CALLING})",
    ],
    [
      "direct",
      "{SUBJ} {DONT3} (?:want|wish|need|like|care for|appreciate|accept)(?: to (?:get|receive|have|take|be getting))? {ANYCALLS}",
    ],
    [
      "direct",
      "{DONT3} (?:want|wish|like|wanna) (?:to be|being|to get|getting) (?:called|contacted|phoned|rung|bothered|disturbed|solicited)",
    ],
    [
      "direct",
      "{DONT3} want (?:you|y'all|you people|you guys|your company|anyone|anybody|them|people)(?: people| guys)? (?:to )?(?:{CALLV}|{CALLING})",
    ],
    ["direct", "{DONT3} (?:want to|wanna|wish to|need to) hear from (?:you|y'all|your company|anyone|anybody|them)"],
    [
      "direct",
      "(?:no|not any) (?:more|further|other) (?:\\w+ )?(?:calls|phone calls|robocalls|texts|contact|calling|communications?)",
    ],
    ["direct", "(?:do not|don'?t|dont) (?:ever )?(?:want|need) (?:to )?(?:be )?(?:called|contacted)"],
    [
      "removal",
      "(?:take|remove|delete|scratch|scrub|strike|get|cross|drop|wipe|erase|purge|pull|rub|clear) {ME}(?: \\w+)? {OFF} (?:{YOUR} )?(?:(?!mailing |email |e mail |paper )\\w+ ){0,2}?{LIST}",
    ],
    ["removal", "(?:take|get|remove|cross|scratch) (?:me|us|my number|this number) (?:off|out)(?= *(?:[.!?,]|$))"],
    [
      "removal",
      "(?:remove|delete|unlist|delist|drop|erase) (?:me|us|my (?:phone )?number|mi numero|this (?:phone )?number|that number|my (?:details|info|information|data|contact info(?:rmation)?|personal (?:information|data)))(?=,? *(?:[.!?,]|please|$))",
    ],
    [
      "removal",
      "(?:be|get|being|getting) (?:removed|taken|deleted|struck|scratched|dropped|erased|unlisted|crossed)(?: (?:off|out))?(?:(?: {OFF})? (?:{YOUR} )?(?:\\w+ ){0,2}?{LIST}|(?= *(?:[.!?,]|$)))",
    ],
    [
      "removal",
      "(?:put|add|place|register|sign|list|enter|stick) (?:me|us|him|her|them|my (?:\\w+ )?(?:number|name|phone)|this (?:number|phone|line)) (?:on|onto|to|in|into|with) (?:{YOUR} )?(?:\\w+ ){0,2}?(?:do not call|dnc|no call|don'?t call|suppression|opt out|exclusion)",
    ],
    [
      "removal",
      "(?:i'?m|i am|we'?re|we are|this number is|my number is|number'?s|i'?ve been|i have been|i registered|i signed up|i put (?:myself|my number)|we'?ve been) (?:\\w+ ){0,3}?(?:on|in|with|for) (?:the |a |your |that )?(?:\\w+ ){0,2}?(?:do not call|dnc|no call)(?: list| registry| register)?",
    ],
    ["removal", "un ?subscribe(?: me)?|opt (?:me |us )?out|opting out|opted out"],
    ["removal", "{DONT3} (?:want|wish|need) to (?:stay|remain|be kept|be) (?:on|in) (?:{YOUR} )?(?:\\w+ )?{LIST}"],
    [
      "removal",
      "(?:remove|delete|erase) (?:this|that|the|his|her|their|my) (?:phone )?(?:number|phone|line)(?! (?:case|cover|charger|cable|screen|stand|holder|mount|protector|battery)s?(?![a-z]))(?! (?:from|on|off) (?:my|the|our) (?:account|bill|plan|profile|card|order))",
    ],
    [
      "revocation",
      "(?:withdraw(?:ing)?|revok(?:e|ing)|rescind(?:ing)?|retract(?:ing)?|cancel(?:l?ing)?|pull(?:ing)?|tak(?:e|ing) back|remov(?:e|ing)) (?:my |any |all |the |our |of )*(?:\\w+ )?(?:consent|permission|authori[sz]ation|agreement|opt ?in)",
    ],
    [
      "revocation",
      "(?:no longer|do not|don'?t|dont|never did|never) (?:consent|agree|authori[sz]e|give permission) (?:to )?(?:these |this |your |any |the |being |be |you )?(?:\\w+ )?(?:{CALLING}|calls?|called|contacted|contact(?:ing)? me)",
    ],
    ["revocation", "(?:do not|don'?t|no longer|dont) have (?:my |any )?(?:consent|permission|authori[sz]ation)"],
    [
      "revocation",
      "(?:consent|permission|authori[sz]ation) (?:\\w+ ){0,4}?(?:is |has been |was |now |hereby |are )*(?:withdrawn|revoked|rescinded|cancell?ed|void)",
    ],
    ["revocation", "never (?:gave|given|give|granted) (?:you )?(?:my |any )?(?:consent|permission|authori[sz]ation)"],
    [
      "revocation",
      "(?:do not|don'?t|dont|no longer|won'?t|will not) (?:give|grant)(?: you| y'all)? (?:my |any )?(?:permission|consent|authori[sz]ation) to (?:{CALLV}|{CALLING}|be called|be contacted)",
    ],
    ["indirect", "knock it off (?:with|about) (?:the |these |your |all )?(?:\\w+ )?(?:calls|calling|ringing)"],
    [
      "indirect",
      "(?:lose|forget|delete|burn|shred|trash|erase|bin) (?:you (?:ever )?(?:had|have|got) )?(?:my|this|our|the|that) (?:phone |damn |bloody )?number",
    ],
    [
      "indirect",
      "how many (?:more )?times (?:do|must|should|will|have|did|does|am) (?:i|we) (?:have to |need to |got to |gotta |gonna |going to )?(?:tell|say|ask|told|said|asked|repeat)",
    ],
    [
      "indirect",
      "leave (?:me|us|my (?:\\w+ )?(?:{KIN})|this number|my number|this phone|this house) (?:the hell |the heck |the fuck |bloody )?alone",
    ],
    [
      "indirect",
      "(?:enough|sick|tired|fed up|done|had it|had enough)(?: and tired)? (?:already )?(?:of |with )(?:the |these |those |your |all (?:the |these |your )?|you (?:people |guys )?)?(?:\\w+ )?(?:calls|calling|ringing|phoning|robocalls|texts)",
    ],
    ["indirect", "if (?:i|we) (?:get|receive|have) (?:one more|another|any more|a single) (?:\\w+ )?calls?"],
    [
      "indirect",
      "(?:if|next time|once more|one more time) you (?:\\w+ ){0,2}?(?:call|ring|contact|phone)(?: me| us| here| this number)?(?: \\w+){0,2}? (?:again|one more time|once more)",
    ],
    ["indirect", "stop (?:harassing|bugging|pestering|hounding|bothering|spamming|calling)"],
    [
      "third-party",
      "(?:tell|telling|told|asked|asking|ask|begged|warned) (?:you|y'all|your (?:company|people|colleague|agent|rep|team|office)|you people|you guys)(?: people| guys| all)?(?: \\w+){0,3}? (?:not to|to not|never to|to never|to stop|to quit|to take \\w+ off|to remove) (?:{CALLV}|{CALLING}|\\w+ (?:off|from))?",
    ],
  ],
  possible: [
    ["hedged", "(?:if|hope|wish|pray) (?:this|that|it) (?:was|were|is|be|would be) the last (?:one|call|time)"],
    // The caller met with exasperation ("you again"); the number said unfit for such calls: weak cues, held.
    [
      "indirect",
      "(?:^|[.!?,] )(?:oh,? |ugh,? )?(?:(?:it'?s )?(?:you|y'all) (?:guys |people |lot |again )?again|not you (?:guys |people )?again|(?:you|y'all) (?:guys |people )?(?:really )?(?:love|like) (?:calling|to call))(?=[.!?,]|$)|(?:^|[.!] )again ?(?:[.!]|$)",
    ],
    [
      "hedged",
      "(?:this|that|it)(?:'s| is)? (?:not|isn'?t|is not|not really) (?:a |the )?(?:(?:great|good|right|best|ideal|proper) )?(?:number|phone|line) (?:to call )?for (?:this|that|these|those|it|stuff like)",
    ],
    // Near misses: a word of ending and a word of calling close together, worded unlike the cues above.
    [
      "hedged",
      "(?:stop|quit|cease|enough|no more|no longer|never again|remove|delete|delist|unlist|block|unsubscribe|opt out|done with|sick of|tired of|fed up with|had it with|over)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,3}? (?:calls|calling|phone calls|ringing|dialing|contacting|robocalls|telemarketing|this number|my number|your list|the list|ring me|call me|phoning)",
    ],

    ["hedged", "(?:don'?t|do not|dont|no need to|needn'?t) bother(?! (?:me|us|calling))"],
    ["hedged", "not interested,? (?:so |and )?(?:please )?(?:don'?t|do not|stop) (?:bother|waste|call)"],
    [
      "hedged",
      "(?:am i|is (?:my|this) (?:number|phone)|are we|is my name) (?:on|in) (?:your|the|a) (?:\\w+ )?(?:do not call|dnc|no call)",
    ],
    ["hedged", "knock it off|cut it out"],
    [
      "removal",
      "(?:(?:take|get|want|need|put|keep|leave|have) (?:me|us|my \\w+|this number|it|him|her) )?off (?:your|ur|you'?re|yor|the|this|that) (?:(?!mailing |email |paper )\\w+ )?(?:list|lists|database|system|records)",
    ],
    [
      "indirect",
      "(?:called|calling|rung|rang|phoned) (?:me |us |here )?(?:\\w+ )?(?:times|twice) (?:today|this week|this morning|a day|in a row|already)",
    ],
    ["hedged", "(?:is there|there must be) (?:a |any )?way to (?:stop|end|block|get off) (?:these|the|your|this)"],
    ["hedged", "(?:^|[.!?,] |so |and )(?:please )?(?:just )?stop(?: it| now| please| that| this)?(?= *(?:[.!?]|$))"],
    [
      "indirect",
      "(?:why|how come) (?:do |are |does |did |is |would )?(?:you|y'all|you people|you guys|your company|they) (?:\\w+ )?(?:keep|keeps|kept|always|still|continue|constantly) (?:on )?(?:calling|ringing|phoning|contacting|bothering|texting|call|calls)",
    ],
    [
      "indirect",
      "you (?:people |guys |lot )?(?:call|ring|calls|phone|keep calling)(?: me| us| here)? (?:every (?:single )?(?:day|week|morning|hour|night|time)|all the time|constantly|nonstop|non stop|daily|(?:\\w+ )?times a (?:day|week))",
    ],
    [
      "indirect",
      "(?:this is|that'?s|it'?s) (?:like |about |probably |literally |now )?the (?:\\w+) (?:time|call) (?:you'?ve called|you called|this week|today|this month|in a row)",
    ],
    ["indirect", "(?:this is|that'?s|it'?s) harass(?:ment|ing)"],
    ["indirect", "(?:wasting|waste) (?:your|ur) time (?:calling|with (?:these|the|your) calls|on me)"],
    ["indirect", "(?:get lost|go away|buzz off|piss off|bugger off|sod off|f\\w* off|get off my (?:phone|line|back))"],
    [
      "indirect",
      "(?:report(?:ing)?|sue|suing) (?:you |your company |y'all )?(?:to )?(?:the )?(?:fcc|ftc|attorney general|better business bureau|bbb|police|ico|ofcom|authorities)",
    ],
    [
      "indirect",
      "(?:i'?ve|i have|we'?ve|i) (?:already )?(?:told|asked) (?:you|y'all|your company|you people|you guys)(?: people| guys)? (?:before|already|twice|many times|a hundred times|a million times|last time|repeatedly)",
    ],
    [
      "third-party",
      "wrong (?:number|person|guy|lady|house)|(?:no|nobody|no one) (?:here )?(?:by|named|called) (?:that|this) name|(?:doesn'?t|does not|no longer) lives? here|(?:passed away|deceased|no longer with us)",
    ],
    ["hedged", "(?:i'?m|i am) (?:thinking|considering) (?:about |of )?(?:asking|having) you"],
    ["hedged", "(?:unsubscribe|opt out) from (?:the |your )?(?:newsletter|emails?|mailing)"],
  ],
  exempt: [
    // The calls said not to bother, a statement with its subject, not the request "don't bother me".
    "(?:it|th(?:at|ey|is|e calls?|ese calls|ose calls|e reminders?)|your calls?|calling)(?: really| honestly| actually)? (?:doesn'?t|don'?t|does not|do not|won'?t|never) (?:really )?(?:bother|annoy|bug) (?:me|us)",
    // Naming: "don't call me ma'am", "stop calling him a liar".
    "(?:call|calls|calling|called) (?:me|him|her|them|us|it|my \\w+) (?:ma'?am|madam|sir|miss|mrs|mr|ms|mister|missus|dear|honey|hon|sweetheart|sweetie|darling|babe|baby|love|buddy|pal|bro|dude|names?|a|an|by|that|stupid|crazy|old|young|late|lazy|liar|cheap|rude|senora|senor|madame|monsieur|naming|doctor|professor|coach)",
    // Calling someone names is insulting them: "Max, stop calling your sister names!".
    "(?:call|calls|calling|called) (?:your|his|her|their|my|our|the|each) \\w+ names",
    // Naming oneself or someone by a name: "stop calling yourself old", "stop calling him Bobby, his name's Robert".
    "(?:call|calls|calling|called) (?:yourself|himself|herself|themselves|myself|ourselves)|(?:call|calls|calling|called) (?:me|him|her|them|my \\w+) \\w+,? (?:my|his|her|their) name",
    // Answering the phone is not calling: "my sister must have picked up the phone".
    "(?:picked up|answered) (?:the )?(?:phone|call)",
    // Other lists: waiting lists, guest lists, shopping lists.
    "(?:waiting|wait|guest|invite|invitation|shopping|grocery|to ?do|wedding|christmas|card|holiday|birthday|class|course|volunteer|jury|carpool|reading|wish|bucket|short|priority|standby|cancellation|mri|surgery|transplant|housing|school|team|appointment|clinic|surgery|roster|donor|payroll|attendance|invitee|party|speaker|foster|adoption|adopter|tutor|sitter|vendor|supplier)(?: \\w+)? (?:list|lists|roster|register)",
    "waitlist|wait list|group chat|the lease|on hold|off hold|off speaker|speaker ?phone|autopay|auto pay|the account|my account|the bill|my bill|the order|the policy",
    // A time or place, not a refusal: "don't call me before nine", "don't call me back, I'll call you".
    "(?:call|ring|phone|contact) (?:me|us|him|her)(?: back)? (?:before|after|until|till|til|between|during|at (?:work|night|dinner|the office|lunch|\\d)|on (?:weekends?|\\w+days?|my (?:cell|work|mobile|other))|in the (?:morning|evening|afternoon)|early|this (?:week|morning|afternoon|evening)|today|tonight|tomorrow|right now|for (?:a|the next|now|the time being))",
    "(?:call|ring) (?:me |us )?back,? (?:i'?ll|i will|we'?ll|let me) call",
    "(?:don'?t|do not) call us,? we'?ll call you",
    // Consent to a recording, or to something else than calls.
    "(?:consent|permission|agree|agreement|authori[sz]e)(?: \\w+){0,3} (?:to |for )?(?:the |this |being )?(?:call )?(?:being )?record(?:ing|ed)?",
    "opt(?:ing|ed)? out of (?:the |this |that |my |your |an? )?(?:extended |auto )?(?:warranty|insurance|coverage|plan|program|arbitration|renewal|auto ?renew(?:al)?|paperless|overdraft|protection|class action|survey|recording|trial|upgrade)",
    "call(?:ed|ing)? (?:it |off )(?:off|a day|quits|the)|call it (?:a|an) ",
    "stop(?:ped|ping|s)? (?:by|in|over|at)|stop (?:it|that) (?:from|being)",
    "call(?:s|ed|ing)? (?:the )?(?:shots|cops|police|game|plays|names|roll|meeting|election)",
  ],
  negated: [
    "(?:(?:i'?m|i am|we'?re|we are|i was) not|i wasn'?t|we weren'?t) (?:asking|saying|telling|requesting|trying to get)(?: you| anyone| y'all)?(?: to| that)?",
    "(?:i |we )?(?:didn'?t|did not|never|wouldn'?t|won'?t|don'?t|do not|dont) (?:say|said|ask|asked|tell|told|request|requested|mean|meant|want|need|wanna)(?: you| anyone| anybody| y'all)?(?: people)?(?: to| that| for you to)?",
    "(?:no need|not necessary|there'?s no need|you don'?t (?:need|have) to|you do not (?:need|have) to|needn'?t|no reason|nobody (?:asked|said)|no one (?:asked|said)|not) (?:to |for you to )?",
    "(?:please )?(?:don'?t|do not|dont|never|never ever)",
    "(?:i|we) (?:didn'?t|did not|never|won'?t|wouldn'?t|will not)",
    "(?:if you (?:want|wish|like|need|prefer|'d like|would like|ever want)|should you (?:want|wish))(?: me| us)?(?: to)?",
    "(?:just |simply )?(?:say|tell (?:me|us)|press \\w+|reply|text back|type)",
    "(?:why would|how could|would) (?:i|we) (?:\\w+ )?(?:want|ask|tell)(?: you)?(?: to)?",
    "(?:do|would|should|shall|can|could|will) (?:you|i|we) (?:want|like|need)(?: me| us)?(?: to)?",
    "(?:wouldn'?t|would not|won'?t|will not) (?:ask you to|want you to)",
  ],
  reported: [
    "(?:my|his|her|our|a|the|some|this|that|your) (?:\\w+ )?(?:friend|neighbou?r|sister|brother|cousin|coworker|co worker|colleague|boss|roommate|son|daughter|kid|kids|child|children|uncle|aunt|grandma|grandpa|mate|partner|girlfriend|boyfriend|flatmate|buddy|guy|lady|woman|man|kid|teacher|ad|advert|commercial|song|movie|show|sign|article|website|lawyer|bot|recording|machine|husband|wife|mom|dad|mother|father)s? (?:\\w+ ){0,6}?(?:said|says|say|told|tells|tell|telling|asks|asking|goes|went|wrote|writes|yelled|yells|shouted|shouts|sings|sang|reads)",
    "(?:he|she|they|someone|somebody|people|everyone|everybody|telemarketers?) (?:\\w+ ){0,2}?(?:said|says|told|tells|always say|would say|goes|went|yells)",
    "there'?s a (?:song|saying|joke|line|movie|show)",
  ],
  retracted: [
    "but (?:i|we) (?:didn'?t|don'?t|did not|do not|won'?t|wouldn'?t|never)",
    "(?:just |only )?(?:kidding|joking)",
    "ha ?ha",
    "lol",
  ],
  ...enDialogue,
};
