/** English concept words (concepts.ts), folded text; phrases come before the words they hold. `~` ends a stem. */
import type { ConceptSource } from "../concepts.js";

/** A thing named after the phone is not the number nor a call: "remove the phone case", "the phone charger". */
const ACCESSORY =
  "(?! (?:case|cover|charger|cable|screen|stand|holder|mount|bill|plan|protector|battery|order)s?(?![a-z]))";

export const en: ConceptSource = {
  lang: "en",
  script: "latin",
  entries: [
    // A stop said to someone beside the callee, then excused ("stop, you make me laugh — sorry, that's my son").
    [
      "OKCALL",
      "(?:stop(?: it| that)?|quit it|cut it out|knock it off|enough)(?:(?!call|ring|phon|contact|text|remov)[^.?!]){0,60}?(?:sorry|excuse me|pardon)[,.!]? (?:that was|that'?s|it'?s|it was|i was talking to|talking to) (?:just )?(?:my|our) [a-z]+",
    ],
    // The callee calling back themself ("I'll call back to rebook"): contact kept, not refused.
    [
      "CALL LATER",
      "i'?ll (?:call|ring|phone) (?:you |y'all )?back|i'?ll (?:call|ring) (?:to|and) (?:book|rebook|reschedule)",
    ],
    // This call welcomed after talk of something else ("anyway, what's this about?"), or told it is not meant.
    [
      "OKCALL",
      "(?:anyway|anyhow|any way|well|okay|ok|so)[,.]? (?:so |but )?(?:what'?s (?:this|it|that|the call) (?:about|regarding|for)|what (?:can i do for you|were you saying)|how can i help(?: you)?)|what can i do for you|how can i help you",
    ],
    [
      "WANT",
      "(?:it |that )?(?:would|'d|will|might) be (?:great|nice|better|good|best|ideal|lovely|preferable|easier) if|(?:it'?s|it is) (?:probably |maybe |just )?(?:better|best) if|(?:i'?d|i would) (?:prefer|like|love) (?:it )?if|(?:is it|would it be|will it be) (?:ok|okay|alright|all right|fine) (?:with you )?if|(?:do|would) you mind if",
    ],
    [
      "REPEAT",
      "once in a while|every (?:so often|now and then)|(?:so|too|very|quite|pretty|really) often|too (?:much|many (?:times|calls))|(?:a bit|a little) much|less(?! than)|fewer",
    ],
    [
      "HOWGOT",
      "how(?: the hell| on earth| in the world| the heck)?(?: did|'d| do| does| come)? (?:you|y'all|they|your company)(?: \\w+){0,3}? (?:get|got|have|find|found|obtain~) (?:a hold of )?(?:(?:my|this|our|the|mi) (?:\\w+ )?(?:number|numero|phone|cell|details|info~)|this(?= ?[?.!]|$))|where (?:did|do|'d) (?:you|y'all|they) (?:\\w+ ){0,2}?(?:get|got|find|found) (?:my|this|our) (?:\\w+ )?(?:number|details|info~)|who gave (?:you|y'all|them) (?:my|this|our) (?:\\w+ )?(?:number|details|info~)",
    ],
    [
      "RETRACT",
      "forget (?:what|everything) i (?:just )?said|never ?mind(?: what i said)?|scratch that|ignore what i (?:just )?said|i didn'?t mean (?:it|that)|disregard (?:that|what i said)",
    ],
    // Reassured, not stopped: "you are not bothering me".
    [
      "OKCALL",
      "(?:can|could|would) you (?:please |just )?(?:call|ring|phone) (?:me )?(?:instead|rather)|(?:you'?re|you are|it'?s|they'?re|they are) not (?:bothering|disturbing|a bother)(?: (?:me|us))?(?: at all)?|no bother at all",
    ],
    [
      "OKCALL",
      "(?:you|y'all|they) (?:can|may|could) (?:still |always |keep |continue to )?(?:call|calling|ring|phone|contact|reach)(?! \\w+ (?:off|out))|feel free to (?:call|contact|ring)|(?<=(?:^|[.,!?] |please |just |so |and |but |yes |no ))(?:keep|continue) (?:calling|ringing|them coming|those coming|it coming|the \\w+ coming|sending)|i want (?:mine|them|those|these|the \\w+) to keep coming|call me (?:any ?time|whenever|all you want|every time|later|back later|tomorrow|tonight|after|in (?:a|an|the) \\w+)|(?:the |your |these |those )?(?:calls?|reminders?|check ?ins?|updates) (?:are|is) (?:fine|ok|okay|good|helpful|welcome|useful|better|best|easier)|(?:a |the )?(?:phone|call) (?:is|'s) (?:better|best|easier)|i (?:really |do |still )?(?:like|want|need|love|appreciate|enjoy) (?:the |my |these |those |your |them|those)(?:calls|reminders|check ?ins|updates)?|(?:leave|keep) me on|you'?re (?:fine|ok|okay|good)|not you|go ahead with|(?<=(?:^|[.,!?] |please |just |and |so |but |then ))call (?:me|us)(?! (?:ma'?am|sir|madam|names?))|(?<=(?:^|[.,!?] |please |just |and |so |but |then ))call (?:me |us )?(?:on |at )?(?:my|our) (?:\\w+ )?(?:mobile|cell|landline|work (?:number|phone|line)|home (?:number|phone)|other (?:number|phone))",
    ],
    [
      "NAMING",
      "ma'?am|madam|madame|sir|miss|mister|buddy|pal|bro|dude|honey|hon|sweetheart|sweetie|darling|dear|babe|baby|mate|boss|chief|young (?:man|lady)|names?|liar|stupid|crazy|senora|senor|senorita|aunty|auntie|uncle|mrs|mr|ms|doctor|professor|coach",
    ],
    ["RECORD", "record(?:ed|ing|ings)?|tape(?:d)?"],
    [
      "OTHERLIST",
      "(?:old |previous |former |home |billing |shipping |delivery |postal |email |e mail )?address(?:es)?|(?:waiting|wait|guest|shopping|grocery|mailing|email|e mail|volunteer|jury|reading|wish|bucket|standby|cancellation|priority|transplant|invite|invitation|prayer|card|party|class|team|donor|carpool) ?lists?|waitlist|group (?:chat|text|thread)|group|chat|newsletter|mailing|whatsapp|facebook|discord|slack|emails?|e mails?|paper (?:bills?|statements?)|schedule|calendar|shift|rota|appointment|booking|reservation|membership|subscription|account|policy|order|cart|basket|checkout|program|course|trip|(?:credit |debit |bank |old |expired )?cards?|visa|mastercard|amex|bills?|invoices?",
    ],
    ["MEDIA SAY", "it (?:says|said|reads|read)|says quote|quote|unquote"],
    [
      "MEDIA",
      "ads?|adverts?|advertisement|commercials?|tv|television|radio|billboard|letter|flyer|notice|sign|website|brochure|pamphlet|poster|movie|film|show|song|article|video",
    ],
    [
      "NEG SAY",
      "(?:it'?s |it is )?not (?:that|like)|(?:don'?t|do not) (?:want you to |need you to )?think (?:that )?i (?:meant|said|was saying|wanted)",
    ],
    [
      "THIRD",
      "(?:my|his|her|our|a|the|some|this|that|your) (?:\\w+ )?(?:friend|neighbou?r|sister|brother|cousin|coworker|co worker|colleague|roommate|son|daughter|kid|child|uncle|aunt|grandma|grandpa|grandmother|grandfather|mom|mum|mother|dad|father|husband|wife|partner|girlfriend|boyfriend|fiancee?|guy|lady|woman|man|family|parent|in law)s?(?:'s)?|(?:he|she|someone|somebody|everyone|everybody)(?='| )",
    ],
    [
      "OTHER",
      "them|him|her|(?:my|his|her|the|that|another|other) (?:bank|insurance(?: company)?|insurer|provider|carrier|phone company|gas company|cable company|electric company|gym|dentist|pharmacy|landlord)|those people|that company|those companies|the other company|some company|another company|other companies|(?:the|that|those) (?:other )?\\w+ (?:company|people|guys)",
    ],
    [
      "SAY",
      "(?:keeps? |kept )?(?:said|say|says|saying|tell|tells|told|telling|ask|asks|asked|asking|yell~|scream~|shout~|wrote|write|writes|goes|went|answer~|repl(?:y|ies|ied)|mention~)",
    ],
    [
      "IF",
      "if|whenever|in case|(?:at )?any ?time|should you|just (?:say|tell|let)|(?:in order )?to stop receiving|to opt out",
    ],
    ["NOW", "now|right now|today|at the moment|this week|tonight|currently"],
    [
      "LATER",
      "later|after (?:\\w+ )?(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|noon|lunch|work|dinner)|tomorrow|tonight|in (?:an|a|one|two|\\w+) (?:hour|minute|bit|while|week)s?|this (?:afternoon|evening)|next (?:week|month)|another time|some other time|in the (?:afternoon|evening|morning)|at (?:\\w+ )?(?:a m|p m|am|pm|o'?clock|noon|night|dinner ?time|work)|(?:so|too|that|this) (?:early|late)|early in the morning|on (?:a )?(?:sunday|saturday|weekend|monday|tuesday|wednesday|thursday|friday)s?|during (?:work|dinner|the day|lunch)|before (?:\\w+ )?(?:a m|p m|am|pm|noon|\\d+|nine|eight|ten|seven)",
    ],
    ["NOTINT", "not (?:really |even )?interested|no interest"],
    [
      "ANNOY",
      "(?:sick|tired|fed up|had it|had enough|annoyed|annoying|irritat~|harass~|pester~|nuisance|ugh|argh|enough already|driving me (?:crazy|nuts|mad))",
    ],
    [
      "REPEAT CALL",
      "(?:keeps?|kept) (?:on )?(?:calling|ringing|phoning|contacting|bugging|bothering)|call(?:s|ing)? (?:me )?(?:a lot|so much)",
    ],
    ["REPEAT", "less (?:often|frequently)|(?:so|that) (?:often|frequently)|fewer calls"],
    [
      "REPEAT",
      "every (?:single )?(?:day|week|morning|evening|night|hour|other day|month)|(?:\\w+|\\d+) times (?:a|per|this|today|already|in a row|now)|twice (?:a|today|this)|all (?:the|day) (?:time|long)|constantly|nonstop|non stop|over and over|again and again|day after day|how many (?:more )?times|(?:the )?(?:second|third|fourth|fifth|sixth|\\w+th) (?:time|call)|one more time|once more|still calling|always calling",
    ],
    [
      "THREAT",
      "(?:file|filing|make|making|lodge|lodging) (?:a )?(?:formal )?complaint|complain~ to|report~ (?:you|this|your|y'all)|sue|suing|lawyer|attorney|police|cops|fcc|ftc|bbb|better business bureau|authorities",
    ],
    [
      "BEFORE",
      "already|last (?:week|time|month|call|year)|the other (?:day|time)|before|earlier|yesterday|previously|a (?:hundred|thousand|million) times|(?:many|several|multiple|three|two) times|twice|repeatedly",
    ],
    ["CONSENT", "consent~|permission|authori[sz]~|agree~|opt(?:ed)? ?in"],
    [
      "WITHDRAW",
      "withdraw~|revok~|rescind~|retract~|tak(?:e|ing) (?:it|that|this|my \\w+) back|taking back|pull~ (?:my|the|that|it)|cancel~ (?:my|the|that|it)",
    ],
    [
      "REMOVE",
      "(?:not|never|no longer|rather not|don'?t want to|do not want to) (?:be|stay|remain|being)(?= on (?:your|the|this|that|any|ur|their) (?:\\w+ )?(?:list|database|register|system|records?))",
    ],
    ["NEG WANT", "not sure (?:if |whether |that )?(?:i |we )?(?:really |still |even )?(?:need|want)"],
    ["NEG MORE", "no (?:more|longer)|not (?:anymore|any more|any longer)"],
    ["RECEIVE", "get|getting|receive|receiving"],
    ["NEVER MORE", "never again|never ever"],
    ["NEVER", "never"],
    [
      "STOP",
      "stop|quit|cease|desist|enough|knock it off|cut (?:it|them|those|that|these) out|(?:make|let'?s make) (?:this|it) the (?:end|last)|the end of (?:the|these|your|all)|(?:this|it) (?:was|is|be|being) the last|the last (?:call|time) (?:i get|i got|i receive|from)|done with|finished with|through with|put an end to",
    ],
    ["REMOVE ME", "(?:take|get|cross|strike|scratch|put|leave) (?:me|us) (?:off|out)|opt (?:me|us) out"],
    ["REMOVE NUMBER", "take (?:your|the|my|this) (?:\\w+ )?(?:number|details|info~) (?:off|out)"],
    [
      "REMOVE",
      "remove~|delete~|erase~|unsubscrib~|unlist~|delist~|scratch|strike|scrub|wipe|purge|drop|take (?:my \\w+|this \\w+|it|that) (?:off|out)|taken? off|opt~ out|lose|forget",
    ],
    [
      "LIST",
      "lists?|database|data base|records?|system|files?|register|registry|roster|contacts|directory|dialer|rolodex|campaign",
    ],
    ["REMOVE LIST", "(?:do not|don'?t|no) call (?:list|registry|register)|dnc|d n c"],
    ["NUMBER", `(?:my|this|that|our|the) (?:\\w+ )?(?:number|phone|cell|line|landline)${ACCESSORY}`],
    [
      "CALL",
      `call(?!(?:e|es|a|as|an|ar|o|ado|ada)(?![a-z']))~|ring~|rang|rung|phon~${ACCESSORY}|contact~|dial~|bother~|harass~|bug|bugging|pester~|hound~|spam~|robocall~|telemarket~|hear from|reach (?:me|us|out)|text~|messag~|pitches|sales pitch~`,
    ],
    ["WANT", "want~|wanna|wish|need|like|'d like|would like|care for|appreciate"],
    ["KEEP", "keep~|continue~|still|further|future"],
    [
      "MORE",
      "again|anymore|any more|any longer|from now on|from here on(?: out)?|going forward|in (?:the )?future|ever",
    ],
    [
      "NEG",
      "no|not|don'?t|dont|do not|doesn'?t|didn'?t|won'?t|wouldn'?t|can'?t|nobody|no one|none|nothing|zero|rather not",
    ],
    ["ME", "me|us|myself"],
    ["YOU", "you|your|y'all|you guys|you people|your company"],
  ],
};
