/**
 * Who speaks in a call read from its words: the agent's opening offer on a condition ("si no desea recibir nuestras
 * llamadas, díganoslo") speaks as the agent when the "you" is only in the verb (Spanish, Italian, Portuguese, Polish,
 * Arabic), when nobody is named (Chinese "如果不想…") or when the condition is marked at its end (Japanese "ご不要でし
 * たら"); "nous vous appelons pour" states why the agent calls; labels that name patients, donors and family are the
 * callee's, "असिस्टेंट" the agent's; a recorded script's "press nine" is the agent's in every language; an instruction
 * on a condition ending in a tag ("…, just say stop, ok?") is no offer a yes accepts. A yes that asks for the calls
 * answers the other half of an either-or question, and a silence the callee speaks after was a pause, not a hang-up.
 * Japanese words with voiced kana ("オペレーター", "どちら様", "ご案内です") are read as the folded text writes them. The
 * calling side telling of a change it made to the callee's things ("we removed the fee from your bill") is the agent's,
 * and a correctly heard "llámeme" is not corrected into "llamarme". The callee's own requests in the same calls are
 * still heard.
 */
import { describe, expect, it } from "vitest";
import { callRecord, rulesStatus } from "../../../test/opt-out-eval/reading.js";

const texts = (lines: string[]) => rulesStatus({ id: "c", transcript: lines });

/** An unlabelled call: the agent's opening and offer, the callee's answers, the callee's `answer` at turn 5. */
const CALLS: Record<string, { lines: string[]; request: string }> = {
  zh: {
    lines: [
      "您好，这里是阳光助学基金会。如果不想再接到我们的电话，跟我们说一声就好。",
      "哦，你好。",
      "我们打电话是想邀请您参加下个月的义卖活动。",
      "下个月我出差，去不了。",
      "好的，理解。那年底的活动再联系您可以吗？",
      "可以，年底再说吧。",
      "谢谢您，再见。",
      "再见。",
    ],
    request: "不用了，以后别再给我打电话了。",
  },
  pl: {
    lines: [
      "Dzień dobry, Fundacja Zielony Las. Jeśli nie chcesz więcej telefonów od nas, po prostu powiedz i usuniemy numer.",
      "Dzień dobry.",
      "Dzwonimy w sprawie wiosennej zbiórki na schronisko.",
      "W tym miesiącu nie dam rady.",
      "Rozumiem. Możemy zadzwonić jesienią?",
      "Tak, jesienią proszę.",
      "Dziękujemy, do widzenia.",
      "Do widzenia.",
    ],
    request: "Nie, proszę więcej do mnie nie dzwonić.",
  },
  es: {
    lines: [
      "Buenas tardes, Banco de Alimentos Sur. Si no desea recibir estas llamadas, díganoslo y le damos de baja.",
      "Hola, buenas.",
      "Le llamamos para invitarle a la colecta del sábado en su barrio.",
      "Este sábado trabajo, lo siento.",
      "Entendido. ¿Le gustaría que le avisemos de la próxima?",
      "Sí, avísenme, que me gusta colaborar.",
      "Muy bien, gracias por su tiempo.",
      "Adiós.",
    ],
    request: "No, mire, no me llamen más, por favor.",
  },
  it: {
    lines: [
      "Buonasera, Croce Azzurra. Se non desidera più queste chiamate, basta dirlo e la togliamo dall'elenco.",
      "Sì, buonasera.",
      "La chiamiamo per la raccolta di primavera. Può contribuire con una donazione anche piccola?",
      "Questo mese è difficile, mi spiace.",
      "Capisco benissimo. La richiamiamo in autunno?",
      "Sì, in autunno va bene.",
      "Grazie mille, buona serata.",
      "Arrivederci.",
    ],
    request: "No, guardi, non chiamatemi più.",
  },
  pt: {
    lines: [
      "Boa tarde, Associação Mãos Dadas. Caso não queira estas ligações, é só avisar e paramos.",
      "Boa tarde.",
      "Estamos ligando para pedir donativos para o Natal das crianças.",
      "Agora não posso, desculpe.",
      "Sem problema. Podemos ligar em dezembro?",
      "Pode, em dezembro sim.",
      "Obrigada, boa tarde.",
      "Tchau.",
    ],
    request: "Não, não quero mais que me liguem.",
  },
  ar: {
    lines: [
      "مساء الخير، معكم جمعية النور. إذا ما تبون اتصالاتنا، قولوا لنا ونحذف الرقم.",
      "مساء النور.",
      "عندنا حملة كسوة الشتاء. تحب تشارك؟",
      "مو هالشهر، الله يعينكم.",
      "الله يسعدك. نتصل عليك الشهر الجاي؟",
      "إيه، الشهر الجاي أوكي.",
      "شكراً لك، مع السلامة.",
      "مع السلامة.",
    ],
    request: "لا، لا تتصلوا علي مرة ثانية.",
  },
  ja: {
    lines: [
      "こんばんは、みどり基金です。今後のご案内がご不要でしたら、お申し付けいただければ名簿から外します。",
      "はい、こんばんは。",
      "冬の募金のお願いでお電話しました。",
      "すみません、今月は難しいです。",
      "承知しました。来月またお電話してもよろしいですか？",
      "はい、来月なら大丈夫です。",
      "ありがとうございます。",
      "失礼します。",
    ],
    request: "もう電話しないでください。",
  },
};

describe("the agent's opening offer on a condition, in a call sent as texts alone", () => {
  it.each(Object.keys(CALLS))("%s: the offer is the agent's, not the callee's request", (lang) => {
    expect(texts(CALLS[lang]!.lines)).toBe("none");
  });

  it.each(Object.keys(CALLS))("%s: the callee's own request in the same call is heard", (lang) => {
    const { lines, request } = CALLS[lang]!;
    expect(texts([...lines.slice(0, 5), request, ...lines.slice(6)])).not.toBe("none");
  });

  it('French: "nous vous appelons pour" states why the agent calls', () => {
    const lines = [
      "Bonsoir, ici l'association des Amis du Parc. Si vous ne voulez plus être appelé, dites-le et nous vous retirons de la liste.",
      "Bonsoir.",
      "Nous vous appelons pour notre vente de printemps. Vous viendrez?",
      "Non merci, pas cette année.",
      "Je comprends. Souhaitez-vous qu'on arrête de vous appeler?",
      "Non, non, ce n'est pas ça. Rappelez en automne.",
      "Avec plaisir. Bonne soirée!",
      "Merci, vous aussi.",
    ];
    expect(texts(lines)).toBe("none");
    expect(texts([...lines.slice(0, 5), "Oui, ne m'appelez plus jamais.", ...lines.slice(6)])).not.toBe("none");
  });
});

describe("labels that name patients, donors and family", () => {
  it.each([
    ["Ambulatorio", "Paziente", "Per non ricevere più chiamate, dica stop.", "Va bene, grazie."],
    ["醫院", "病人", "不想再接電話的話，說停止就可以。", "好，謝謝。"],
    ["Tierheim", "Spenderin", "Um keine Anrufe mehr zu bekommen, sagen Sie einfach Stopp.", "Alles klar."],
    ["Clinic", "Mom", "To stop getting these calls, say stop.", "Okay, thanks."],
    ["学校", "妈妈", "不想再接电话的话，说停止就可以。", "好的。"],
  ])("%s / %s: the other label's words are the agent's", (agent, callee, offer, answer) => {
    const lines: Array<[string, string]> = [
      [agent, offer],
      [callee, answer],
    ];
    expect(rulesStatus(callRecord(lines))).toBe("none");
    expect(rulesStatus(callRecord([...lines, [callee, offer]]))).not.toBe("none");
  });
});

describe("answers and silences", () => {
  const question = "¿Quiere que le sigamos avisando antes de cada pago o prefiere que no lo llamemos?";

  it("a yes that asks for the calls answers the other half of an either-or question", () => {
    const call = (said: string) =>
      callRecord([
        ["assistant", "Hola, le habla Ana de Gas del Valle. Su factura vence el viernes."],
        ["user", "Vale."],
        ["assistant", question],
        ["user", said],
      ]);
    expect(rulesStatus(call("Sí, llámeme, que siempre se me olvida."))).toBe("none");
    expect(rulesStatus(call("Sí, por favor."))).toBe("asked");
  });

  it("a silence the callee speaks after was a pause, not a hang-up", () => {
    const call = (after: Array<[string, string]>) =>
      callRecord([
        [
          "assistant",
          "Hello, this is the Riverside Library. Your books are due Friday. To be removed from our call list, say remove me.",
        ],
        ["user", "Hm."],
        ...after,
      ]);
    const spoke: Array<[string, string]> = [
      ["assistant", "You can renew them online or at the desk."],
      ["user", "Okay, I'll renew them online, thanks."],
    ];
    expect(rulesStatus(call(spoke))).toBe("none");
    expect(rulesStatus(call([["", "[call ended]"]]))).toBe("possible");
    expect(
      rulesStatus(
        call([
          ["assistant", "Hello?"],
          ["user", "Hello? Anyone?"],
        ]),
      ),
    ).toBe("possible");
  });
});

describe("the agent's instruction and its label", () => {
  it('an instruction on a condition ending in a tag ("…, just say stop, ok?") is no offer a yes accepts', () => {
    const call = (agent: string) =>
      callRecord([
        ["assistant", agent],
        ["user", "Okay sure, tell me about the offer."],
      ]);
    expect(rulesStatus(call("If you'd rather we stopped calling, just say stop, alright?"))).toBe("none");
    expect(rulesStatus(call("Would you like us to stop calling you, alright?"))).toBe("asked");
  });

  it("a label that says assistant in Devanagari is the agent's", () => {
    const lines: Array<[string, string]> = [
      ["असिस्टेंट", "कॉल करना बंद करो, यह कहने पर कॉल नहीं आएँगी।"],
      ["पापा", "हाँ, बताइए।"],
    ];
    expect(rulesStatus(callRecord(lines))).toBe("none");
    expect(rulesStatus(callRecord([...lines, ["पापा", "कॉल करना बंद करो।"]]))).not.toBe("none");
  });
});

describe("a recorded script's instruction to press a key", () => {
  const SCRIPTS: Array<[string, string, string]> = [
    ["es", "Hola, le recuerda Óptica Luz su revisión del jueves. Para no recibir más avisos, pulse nueve.", "Vale."],
    [
      "de",
      "Guten Tag, Autohaus Keller erinnert an Ihre Inspektion. Um keine Anrufe mehr zu erhalten, drücken Sie die Neun.",
      "Okay.",
    ],
    [
      "it",
      "Buongiorno, l'Ottica Sole le ricorda il controllo di giovedì. Per non ricevere più chiamate, prema nove.",
      "Va bene.",
    ],
    ["pt", "Olá, a Ótica Sol lembra sua consulta de quinta. Para não receber mais ligações, digite nove.", "Tá."],
    [
      "nl",
      "Goedemiddag, Optiek Zon herinnert u aan uw controle. Om geen oproepen meer te krijgen, druk op negen.",
      "Oké.",
    ],
    [
      "pl",
      "Dzień dobry, Optyk Słońce przypomina o wizycie. Aby nie otrzymywać więcej połączeń, naciśnij dziewięć.",
      "Dobrze.",
    ],
    [
      "ja",
      "こんにちは、ひかり眼鏡です。木曜日のご予約のご案内です。今後このお電話が不要な場合は、九を押してください。",
      "はい。",
    ],
    ["hi", "नमस्ते, यह रोशनी ऑप्टिकल से है। गुरुवार की जाँच याद दिला रहे हैं। ऐसी कॉल नहीं चाहिए तो नौ दबाएँ।", "ठीक है।"],
  ];

  it.each(SCRIPTS)("%s: the script is the agent's, with or without labels", (_lang, script, answer) => {
    const lines = [script, answer, "Gracias. / Thank you.", "Bye."];
    expect(texts(lines)).toBe("none");
    const labelled = lines.map((text, i): [string, string] => [i % 2 === 0 ? "Line A" : "Line B", text]);
    expect(rulesStatus(callRecord(labelled))).toBe("none");
  });

  it("the callee's account of a key pressed, and their own request, are still heard", () => {
    const lines = [
      "Hello, Keller Motors reminds you of your service on Thursday.",
      "They told me to press nine to stop these calls, and I did. Stop calling me.",
      "I'm sorry about that.",
      "Bye.",
    ];
    expect(texts(lines)).not.toBe("none");
  });
});

describe("Japanese words with voiced kana", () => {
  it('a label "オペレーター" is the agent\'s', () => {
    const lines: Array<[string, string]> = [
      ["オペレーター", "今後のお電話を停止したい場合は、停止とおっしゃってください。"],
      ["田中", "はい、わかりました。"],
    ];
    expect(rulesStatus(callRecord(lines))).toBe("none");
    expect(rulesStatus(callRecord([...lines, ["田中", "もう電話しないでください。"]]))).not.toBe("none");
  });

  it('the callee\'s "どちら様ですか" and the agent\'s "ご案内です" tell the sides of a call sent as texts alone', () => {
    const lines = [
      "もしもし。",
      "こんにちは、みなと不動産より新築マンションのご案内です。今後のお電話を停止したい場合は、停止とおっしゃってください。",
      "どちら様ですか？",
      "みなと不動産の山田と申します。",
      "ああ、そうですか。",
      "お忙しいところ失礼いたしました。",
    ];
    expect(texts(lines)).toBe("none");
  });
});

describe("the calling side telling of a change it made to the callee's things", () => {
  const call = (told: string, after = "Okay, thanks.") =>
    texts([
      "Hi, Oakwood Clinic calling about your appointment.",
      "Oh yes, is everything fine?",
      "All set for Monday at nine.",
      "Great. Ring me if anything moves, please.",
      told,
      after,
    ]);

  it.each([
    ["en", "Will do. And we removed the late fee list from your bill."],
    ["es", "Claro. Y le hemos quitado el cargo de la lista de su factura."],
    ["fr", "D'accord. Et nous avons retiré les frais de la liste de votre facture."],
  ])("%s: is the agent's, in an unlabelled call", (_lang, told) => {
    expect(call(told)).toBe("none");
  });

  it("the callee's own request after it is still heard", () => {
    expect(call("Will do. And we removed the late fee list from your bill.", "Also, please stop calling me.")).toBe(
      "asked",
    );
  });
});

describe("a word of speech recognition's keys is not corrected from a request for calls", () => {
  it.each([["es", "No, mejor llámeme, los mensajes no los leo."]])(
    "%s: the welcome stays, the weak reading beside it goes",
    (_lang, said) => {
      expect(
        rulesStatus({
          id: "c",
          transcript: [
            { role: "assistant", text: "Hola, ¿tiene un minuto?" },
            { role: "user", text: said },
          ],
        }),
      ).toBe("none");
    },
  );
});
