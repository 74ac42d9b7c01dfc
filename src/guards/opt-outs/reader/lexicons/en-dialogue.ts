/**
 * English, the conversation around the cues: how an answer says yes or no, the agent's offers and questions, its
 * confirmations and openings, the words speech recognition mangles, and what only a summary says.
 */
import type { LexiconSource } from "../lexicon.js";

export const enDialogue: Omit<
  LexiconSource,
  "lang" | "asked" | "possible" | "exempt" | "negated" | "reported" | "retracted"
> = {
  lead: "(?:well|honestly|actually|so|oh|look|listen|frankly|to be honest|i mean|um|uh|hmm|eh|sorry|yeah well|(?:oh )?(?:god|gosh|goodness|lord|jeez|geez|heavens|man))",
  yes: "(?:yes|yeah|yea|yep|yup|ya|yah|sure|please|absolutely|definitely|of course|certainly|correct|right|ok|okay|alright|all right|go ahead|do it|do that|please do|that'?d be|that would be|i would|i'?d like that|i do|mhm|exactly|sounds good|by all means|why not|fine|si|sim)",
  no: "(?:i'?d rather (?:you )?(?:not|didn'?t)|rather not|i'?d prefer (?:you )?(?:not|didn'?t)|better not|no|nope|nah|not really|never|absolutely not|definitely not|hell no|no way|not at all|i don'?t|i do not|please don'?t|not anymore|not interested)",
  unsure:
    "(?:maybe|i don'?t know|dunno|not sure|i'?m not sure|perhaps|i guess|possibly|probably|i'?ll think|let me think|hard to say|i suppose|kind of|sort of|whatever|i don'?t care|do what(?:ever)? you (?:want|like)|up to you|suit yourself|doesn'?t matter|as you (?:like|wish))",
  offer: [
    "(?:would you like|do you want|would you prefer|want|shall|should|can|may|could|do you wish|would you want|would it help if)(?: me| us| i| we)?(?: to)? (?:go ahead and |just )?(?:take|remove|delete|unsubscribe|drop|opt|put|add|mark) (?:you|your (?:number|name|details|info))",
    "(?:stop|not|no longer|never|don'?t|do not) (?:calling|call|contact(?:ing)?|ring(?:ing)?) (?:you|this number)",
    "(?:stop|not|no longer|never|don'?t|do not) (?:calling|call|contacting|contact)(?= *[?])",
    "(?:be|get) (?:removed|taken off|added to (?:our |the )?(?:do not call|dnc)|unsubscribed)",
    "(?:put|add|place) (?:you|your (?:number|name)) (?:on|to) (?:our |the )?(?:\\w+ )?(?:do not call|dnc|no call)",
  ],
  keep: [
    "(?:want|like|wish|prefer|happy) to (?:keep|continue|still be|stay) (?:getting|receiving|hearing|being called|being contacted|on (?:our|the) list|to (?:get|receive|hear))",
    "(?:ok|okay|alright|fine|all right) (?:if|for) (?:we|i|us|me) (?:to )?(?:call|contact|reach|ring) you (?:again|in the future|with|about future)",
    "(?:may|can|could|should|shall) (?:we|i) (?:continue to |keep |still )(?:call|contact|calling|contacting|ring)",
    "(?:may|can|could|should|shall) (?:we|i) (?:keep|leave|have) you on (?:our|the) (?:\\w+ )?(?:list|database|system)",
    "(?:may|can|could|should|shall) (?:we|i) (?:call|contact|ring) you again",
    "(?:want|like|wish) to (?:keep )?hear(?:ing)? from us",
  ],
  courtesy:
    "if you(?:'d| would)? (?:like|prefer|want|wish)(?: that)?(?= ?[,.!?;]|$)|if you'?d rather(?= ?[,.!?;]|$)|if that'?s (?:easier|better|what you (?:want|prefer))",
  past: "(?:have|has|did) (?:you|anyone|someone) (?:\\w+ )?ever|(?:you|they) ever (?:asked|told|requested|had)",
  confirm: [
    "(?:i'?ll|i will|i'?ve|i have|we'?ll|we will|we'?ve|we have|i'?m going to|let me) (?:go ahead and |make sure (?:to |that )?(?:we )?)?(?:remove|removed|take|taken|put|add|added|unsubscribe|unsubscribed|delete|deleted|mark|marked|flag|flagged) (?:you|your (?:number|name|details))(?: (?:from|off|on|to) (?:our|the|your) (?:\\w+ )?(?:list|database|system|records|do not call|dnc))?(?= *(?:[.,!?]|and |$))",
    "you(?:'ve| have| are|'re| will be|'ll be) (?:been )?(?:removed|taken off|added to (?:our |the )?(?:do not call|dnc)|unsubscribed|opted out)",
    "(?:you )?won'?t (?:be (?:called|contacted)|receive (?:any )?(?:more |further )?calls|hear from us) (?:again|anymore)",
    "we (?:will not|won'?t|'ll not|will no longer|'ll no longer|will never) (?:call|contact) you",
    "make sure (?:that )?(?:you'?re|you are|you) not (?:contacted|called)",
  ],
  intro: [
    "(?:this is|it'?s|my name is|i'?m|i am|you'?re speaking with) ([a-z]+)(?: [a-z]+)?,? (?:from|with|at|calling|of|here from|on behalf|the (?:virtual|ai|automated|digital)|your (?:virtual|ai|automated))",
    "(?:^|[.,!] )([a-z]+) (?:here|speaking),? (?:from|with|at|calling|i'?m)",
  ],
  keys: [
    "calling",
    "call",
    "number",
    "remove",
    "list",
    "unsubscribe",
    "contact",
    "contacting",
    "database",
    "phone",
    "anymore",
    "again",
    "consent",
    "permission",
    "harassing",
    "bothering",
    "registry",
    "withdraw",
    "revoke",
    "delete",
    "subscribe",
    "please",
    "stop",
    "don't",
  ],
  hedges:
    "maybe|perhaps|i guess|i suppose|probably|might|i'?m thinking|i'?m considering|thinking (?:about|of)|not sure (?:if|whether)|i don'?t know|should i|could be|possibly",
  aliases: {
    cal: "call",
    coling: "calling",
    colling: "calling",
    cawling: "calling",
    callin: "calling",
    numbr: "number",
    lst: "list",
    nomber: "number",
    unsubscrib: "unsubscribe",
  },
  summary: [
    [
      "reported",
      "offered (?:to )?(?:\\w+ ){0,4}?(?:dnc|do not call|removal|remove|opt ?out|unsubscrib\\w*|to stop calling)(?:[^.]{0,60}?)(?:accepted|agreed|said yes|confirmed|wanted it|took it)",
    ],
    [
      "reported",
      "(?:asked|requested|wants|wanted|demanded|insisted|said|told (?:us|the agent|them))(?: that)?(?: we| the agent| us)? (?:not to be|to not be|never to be|to no longer be|not be|no longer be) (?:called|contacted|phoned|rung)",
    ],
    [
      "reported",
      "(?:asked|requested|wants|wanted|demanded|insisted|told (?:us|the agent|them)) (?:us |the agent |them )?(?:to stop|that we stop|no (?:more|further)|to be (?:removed|taken off|added to|put on)|removal|to cease)",
    ],
    [
      "reported",
      "(?:dnc|do not call|opt ?out|removal|unsubscribe) (?:request(?:ed)?|added|flag(?:ged)?|confirmed|noted)",
    ],
  ],
  summaryHints: [
    [
      "hedged",
      "(?:annoyed|frustrated|angry|upset|irritated|complained|fed up|hostile)(?: \\w+){0,4}? (?:by|about|with|at|over) (?:\\w+ ){0,3}?(?:calls|calling|contact)",
    ],
    ["hedged", "(?:told|asked) (?:the agent|us|them|the caller) not to bother"],
    ["hedged", "unclear (?:whether|if)(?: \\w+){0,4}? (?:wants?|wishes) (?:further|more|any|future) (?:calls|contact)"],
    ["hedged", "hung up (?:during|after|when|at|on) (?:the )?(?:removal|opt ?out|dnc|do not call)"],
    ["hedged", "(?:may|might|could) (?:want|wish|like) to be (?:removed|taken off)"],
  ],
  denied: [
    "(?:no|not an?) (?:opt ?out|dnc|do not call|removal)(?: request)?(?: was)? (?:requested|made|given|asked|mentioned|expressed)",
    "(?:did not|didn'?t|never) (?:ask|request|want|mention|express)(?: \\w+){0,3}? (?:to be removed|removal|opt|dnc|do not call|to stop|not to be)",
    "declin(?:ed|es|ing) (?:the )?(?:removal|dnc|opt ?out|to be removed|the offer to remove|to opt out)",
    "(?:the )?(?:customer|callee|contact|prospect|lead|client|person) declined",
    "happy to (?:be contacted|receive calls|be called|keep receiving)",
  ],
};
