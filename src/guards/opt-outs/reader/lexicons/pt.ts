/** Portuguese (Brazil and Portugal). Patterns are over folded text: no accents, lower case. */
import type { LexiconSource } from "../lexicon.js";

export const pt: LexiconSource = {
  lang: "pt",
  macros: {
    PRON: "(?:me |mi |nos |o |a |lhe |te )",
    LIGAR:
      "(?:ligar|ligue|liguem|ligues|ligando|telefonar|telefone|telefonem|contactar|contatar|contacte|contate|contactem|contatem|incomodar|incomode|incomodem|chamar|ligarem|telefonarem)",
    LISTA:
      "(?:listas?|bases? de dados|bancos? de dados|cadastros?|sistemas?|registos?|registros?|contatos|contactos|list)",
    CHAMADAS: "(?:chamadas|chamada|ligacoes|ligacao|telefonemas|contatos|contactos|mensagens)",
  },
  /** Words and stems (ending in *) that show a line may be in this language: only such lines are read in it. */
  markers:
    "nao da que por favor os as um uma mais nunca voce voces obrigado obrigada sim meu minha para com sem chega pode claro talvez lig* contat* tir* retir* remov* apag* descadastr* chamad* incomod* deix* esquec* quant* quer* desej* autoriz* de la es si list* numer* telefon* contact* consent*",
  asked: [
    [
      "direct",
      "(?:pare|parem|para|parar|deixe|deixem|deixa|deixar|chega) (?:de|com) {PRON}?(?:{LIGAR}|ligarem pra mim|ligar pra mim)",
    ],
    ["direct", "(?:pare|parem|para|chega|basta) (?:de|com) (?:as |essas |estas |tantas |suas )?(?:\\w+ )?{CHAMADAS}"],
    [
      "direct",
      "(?:nao|nunca) {PRON}?(?:{LIGAR}|volte a ligar|voltem a ligar|volte a telefonar)(?: \\w+)? (?:mais|nunca|de novo|novamente|outra vez|para ca|pra ca|para este numero|pra este numero|neste numero|mai?s)",
    ],
    ["direct", "nunca mais (?:\\w+ )?{PRON}?{LIGAR}"],
    [
      "direct",
      "nao (?:quero|quer|queremos|desejo) (?:mais )?que (?:\\w+ ){0,2}?(?:entr\\w* (?:mais )?em conta(?:c)?to|{PRON}?(?:{LIGAR}|liguem|contactem|contatem))",
    ],
    [
      "direct",
      "nao (?:quero|queremos|quer|querem|desejo|deseja) (?:receber |ter )?(?:mais |nenhuma |essas |estas |tantas |suas )*(?:\\w+ )?{CHAMADAS}",
    ],
    ["direct", "nao (?:quero|quer|queremos|desejo) (?:mais )?que {PRON}?(?:mais )?(?:{LIGAR}|liguem)"],
    [
      "direct",
      "nao (?:quero|quer|queremos|querem|desejo|deseja) (?:mais )?ser (?:mais )?(?:contactad|contatad|chamad|incomodad|ligad)[oa]s?",
    ],
    ["direct", "(?:nao|sem|nenhuma) mais {CHAMADAS}|chega de {CHAMADAS}"],
    ["direct", "nao ser (?:mais )?(?:contactad|contatad|chamad|ligad|incomodad)[oa]s?"],
    [
      "removal",
      "(?:tire|tirem|tira|tirar|retire|retirem|retira|retirar|remova|removam|remove|remover|apague|apaguem|apaga|apagar|exclua|excluam|exclui|excluir|elimine|eliminem)(?: (?:o |a |os )?(?:meu|minha|meus|este|esse|o|os) (?:numero|telefone|celular|contato|dados|nome|cadastro)| me| nos|-me|-nos)? (?:da|do|das|dos|de|dessa|desta|deste|desse|dessas|destas|nessa) (?:\\w+ ){0,2}?{LISTA}",
    ],
    [
      "removal",
      "(?:retirem-me|tirem-me|removam-me|apaguem-me|retirem me|tirem me|me tira|me tire|me retire|me remova|me removam) (?:da|do|de|dessa|desta|deste|desse) (?:\\w+ ){0,2}?{LISTA}",
    ],
    ["indirect", "(?:cansad|fart|saturad|cheio|cheia)[oa]?s? (?:de|dessas|destas|das|desses) (?:\\w+ )?{CHAMADAS}"],
    [
      "removal",
      "(?:me |nos )?descadastr(?:ar|e|em|a)|(?:apaguem|apague|apagar|eliminem|excluam) (?:os )?(?:meus )?dados|nao me perturbe|bloqueio de telemarketing",
    ],
    [
      "revocation",
      "(?:retiro|revogo|retirar|revogar|cancelo) (?:o |a )?(?:meu |minha )?(?:consentimento|autorizacao|permissao)",
    ],
    [
      "revocation",
      "nao (?:autorizo|consinto|permito) (?:mais )?(?:voces |que )?(?:a |que )?{PRON}?(?:{LIGAR}|ligarem|contato|chamadas)",
    ],
    ["indirect", "(?:para|pare|parem) de encher|encher o saco"],
    ["indirect", "quantas vezes (?:\\w+ ){0,4}?(?:dizer|falar|repetir)"],
    ["indirect", "(?:me |nos )?(?:deixe|deixem|deixa)(?: me| nos)? em paz"],
    ["indirect", "esquec(?:am|a|e)(?: o)? (?:meu|este) numero"],
  ],
  possible: [
    ["hedged", "(?:se|que) (?:essa|esta) (?:fosse|for|seja) a ultima (?:ligacao|vez|chamada)"],
    [
      "indirect",
      "(?:voces|voce) (?:de novo|outra vez)(?=[.!?,]|$)|(?:de novo|outra vez) (?:voces|voce)(?=[.!?,]|$)|voces ligam (?:bastante|demais|muito)",
    ],
    [
      "hedged",
      "(?:esse|este) (?:nao e|num e) (?:\\w+ ){0,2}?(?:o |um )?(?:bom |melhor )?numero (?:certo )?(?:pra|para) (?:isso|esse tipo|essas coisas)",
    ],
    // Near misses: a word of ending and a word of calling close together, worded unlike the cues above.
    [
      "hedged",
      "(?:pare|parem|chega|basta|nunca mais|nao mais|tire|tirem|retire|retirem|apague|apaguem|cansad\\w*)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,3}? (?:lig\\w*|telefon\\w*|contact\\w*|contat\\w*|chamad\\w*|meu numero|este numero|da lista|sua lista)|(?:lig\\w*|telefon\\w*|contact\\w*|contat\\w*|chamad\\w*|meu numero|este numero|da lista|sua lista)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,2}? (?:pare|parem|chega|basta|nunca mais|nao mais|tire|tirem|retire|retirem|apague|apaguem|cansad\\w*)",
    ],

    ["hedged", "nem se incomode|nao se incomode|nao perca (?:seu|o) tempo"],
    [
      "indirect",
      "por ?que (?:voces |vcs )?(?:ficam|continuam|vivem|insistem em) (?:me |nos )?(?:ligando|ligar|telefonando)|(?:ligam|liga) (?:todo dia|todos os dias|toda hora|sem parar)",
    ],
    ["indirect", "(?:isso e|e) assedio"],
    ["third-party", "numero errado|engano|(?:ja )?faleceu|nao mora (?:mais )?aqui"],
  ],
  exempt: [
    "atend\\w* (?:o )?(?:telefone|celular)",
    "lista de espera|lista de convidados|lista de compras|lista de ado(?:cao|tantes)|lista de (?:lares temporarios|voluntarios)",
    '(?:chame|chama|chamar)(?: (?:me|ele|ela|eles|elas|nos|voce|o|a))? de (?:" )?\\w+',
    "(?:autorizo|consinto|consentimento|autorizacao)(?: \\w+){0,3} (?:a )?gravacao",
  ],
  negated: [
    "nao (?:estou pedindo|estou dizendo|pedi|disse|peco|quero que)(?: para| que)?",
    "nao (?:precisa|precisam)(?: de)?",
    "nao {PRON}?",
    "se (?:voce |o senhor |a senhora )?(?:quiser|preferir|desejar)(?: que)?",
    "(?:diga|diz|fala|falar) ",
  ],
  reported: [
    "(?:meu|minha|um|uma|o|a) (?:\\w+ )?(?:amig[oa]|vizinh[oa]|irma|irmao|prim[oa]|chefe|colega)s? (?:\\w+ ){0,3}?(?:diz|disse|dizia|fala|falou)",
    "(?:ele|ela|eles|alguem) (?:\\w+ )?(?:diz|disse|fala|falou)",
  ],
  retracted: ["mas (?:eu )?nao", "(?:e |so )?brincadeira", "kkk", "haha"],
  lead: "(?:olha|bom|entao|pois|e|ah|na verdade|(?:meu )?deus|nossa)",
  yes: "(?:sim|claro|com certeza|pode|pode ser|ok|okay|certo|isso|exato|por favor|quero|pode sim|sim por favor|perfeito|beleza|tudo bem)",
  no: "(?:nao|nunca|de jeito nenhum|nem pensar|nao obrigado|nao obrigada|negativo)",
  unsure: "(?:nao sei|talvez|pode ser que|vou pensar|nao tenho certeza|sei la)",
  offer: [
    "(?:gostaria|quer|deseja|prefere)(?: que)? (?:eu |nos )?(?:retirasse|tirasse|removesse|retire|tire|remova|retirar|tirar|remover|descadastre|descadastrar|retiremos|tiremos|removamos|excluamos|descadastremos|apaguemos)",
    "(?:gostaria|quer|deseja|prefere)(?: que)? (?:deixemos|paremos|deixassemos|nao) (?:de )?(?:ligar|contactar|contatar|liguemos)",
  ],
  keep: [
    "(?:quer|deseja|gostaria de) (?:continuar|seguir) (?:recebendo|a receber|sendo)",
    "(?:podemos|posso) (?:voltar a )?(?:ligar|contactar|contatar|entrar em contato)(?: com o senhor| com a senhora| com voce| para o senhor| para a senhora| para voce)? (?:novamente|de novo|no futuro|outra vez)",
  ],
  courtesy: "se (?:o senhor |a senhora |voce )?(?:preferir|quiser|desejar)(?= ?[,.!?;]|$)",
  past: "alguma vez|(?:voce|o senhor|a senhora) ja (?:pediu|disse|solicitou)",
  confirm: [
    "(?:retirei|removi|tirei|descadastrei|vou retirar|vamos retirar) (?:o seu numero|seu numero|o senhor|a senhora|voce)",
    "nao (?:vamos|iremos) (?:mais )?ligar",
  ],
  intro: ["(?:aqui e|sou|fala|meu nome e|eu sou) (?:o |a )?([a-z]+)(?: [a-z]+)?,? (?:da|do|de)"],
  keys: ["ligar", "ligue", "liguem", "numero", "lista", "telefonar", "contactar", "chamadas", "ligacoes"],
  aliases: { lig: "ligar" },
  hedges: "talvez|acho que|nao sei se",
  summary: [
    [
      "reported",
      "pediu (?:para )?(?:nao ser (?:mais )?(?:contactad|contatad|chamad|ligad)[oa]s?|ser (?:removid|retirad|descadastrad|excluid)[oa]s?|que nao (?:ligassem|liguem|ligue))",
    ],
  ],
  summaryHints: [["hedged", "(?:irritad|incomodad|chatead)[oa] com (?:as )?(?:\\w+ )?(?:ligacoes|chamadas)"]],
  denied: ["nao pediu (?:para|que)"],
};
