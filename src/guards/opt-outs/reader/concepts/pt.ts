/**
 * Portuguese concept words (concepts.ts): Brazil (você, tô, cadastro, ligação) and Portugal (telefonar, telemóvel,
 * contactar, se faz favor). Folded text: no accents, ç is c. `~` ends a stem.
 */
import type { ConceptSource } from "../concepts.js";

export const pt: ConceptSource = {
  lang: "pt",
  script: "latin",
  entries: [
    // A stop said to someone beside the callee, then excused ("stop, you make me laugh — sorry, that's my son").
    [
      "OKCALL",
      "(?:para(?: com isso)?|chega|pare|stop)(?:(?!lig|telefon|contat|contact)[^.?!]){0,60}?(?:desculpa|desculpe|perdao)[,.!]? (?:e|era|falava com|estava falando com) (?:o |a )?(?:meu|minha|nosso|nossa) [a-z]+",
    ],
    // The callee calling back themself ("I'll call back to rebook"): contact kept, not refused.
    ["CALL LATER", "eu (?:te |lhe |vos )?ligo (?:depois|de volta|mais tarde)|volto a ligar"],
    // This call welcomed after talk of something else ("anyway, what's this about?"), or told it is not meant.
    [
      "OKCALL",
      "(?:enfim|bom|bem|mas enfim|entao|anyway)[,.]? (?:(?:do )?que se trata|(?:o )?que (?:o senhor |a senhora |voce )?(?:precisa|precisava|queria|deseja)|em que posso ajudar)|em que posso ajudar|nao (?:e|era) (?:com|para) (?:voces|voce|o senhor|a senhora)|nao tem nada a ver com (?:voces|voce)",
    ],
    // The calls said not to bother, or the caller reassured ("they don't bother me", "vous ne me dérangez pas"); not the
    // request "don't bother me".
    [
      "OKCALL",
      "(?:nao|nem) (?:me |nos )?incomoda(?:m)?(?! mais)|(?:o senhor |a senhora |voce |voces |isso )?nao (?:me |nos )?incomoda(?:m)?(?: nada| nao)?(?![a-z])",
    ],
    // "Não para, não": the verb at a clause's end, not the preposition "para".
    ["OKCALL", "nao (?:parem|pare|para)(?: nao)?(?= ?[.,!?]|$)|nao precisa(?:m)? parar"],
    [
      "WANT",
      "(?:seria|era|sera) (?:melhor|bom|otimo|legal|mais facil) (?:se|que)|(?:tudo bem|tem problema|se importa) se|preferia (?:que|se)",
    ],
    ["REPEAT", "(?:tao |muito |bem )?frequentemente|demais|tanto|com tanta frequencia|muitas vezes|toda hora"],
    ["IF", "se(?= (?:ninguem|eu|voces|vcs|me|te|lhe|tiver|for|ligar|ligarem|quiserem|alguma|algum)(?![a-z]))"],
    ["CALL MORE", "voltar a (?:ligar|contatar|contactar|entrar em contato)|recontat~|religar"],
    [
      "HOWGOT",
      "(?:onde|como|quem|de onde) (?:\\w+ ){0,4}?(?:conseguiu|conseguiram|arranjou|arranjaram|pegou|pegaram|passou|passaram|deu|deram|achou|acharam|obteve|tem|tiveram) (?:\\w+ ){0,2}?(?:o )?(?:meu|este|esse|o) (?:\\w+ )?(?:numero|telefone|contato|contacto|celular|telemovel)",
    ],
    [
      "RETRACT",
      "esquec(?:e|a|am) o que eu (?:disse|falei)|deixa pra la o que eu falei|nao leve a serio|ignor(?:a|e) o que eu disse|era brincadeira",
    ],
    [
      "OKCALL",
      "(?:pode|podem|podes) (?:continuar a |continuar |me |nos )?(?:me |nos )?(?:ligar|liga|telefonar|contactar|contatar|avisar|avisando|chamar)|(?:continuem|continue|continua|continuar) (?:a |me |nos )?(?:ligar|ligando|avisar|avisando|mandar|mandando)|(?:eu )?quero continuar (?:recebendo|a receber)|(?:me )?lig(?:a|ue|uem) (?:de tarde|amanha|mais tarde|depois|a noite|a tarde|quando)|(?:as )?(?:ligacoes|chamadas) (?:estao|sao) (?:boas|otimas|uteis|bem)|nao me tir(?:e|a|em)|deixa assim|sem problema|nao tem problema|pode me ligar",
    ],
    [
      "NAMING",
      "senhora|senhor|dona|moca|moco|querida|querido|meu bem|amor|tia|tio|vo|vovo|chefe|mocinha|menina|menino|garot[oa]|jovem|doutora?|professora?|mestre",
    ],
    ["RECORD", "grav(?:ar|acao|acoes|ada|ado|e|em)"],
    [
      "OTHERLIST",
      "enderecos?|morada|pedidos?|carrinho|encomendas?|listas? de (?:espera|convidados|compras|reserva)|grupos?|whatsapp|zap|chat|newsletter|e mails?|emails?|boletim|revista|assinatura|extratos? em papel|papel|faturas? (?:em|de) papel|cart(?:ao|oes)|visa|mastercard|faturas?|contas? de (?:luz|agua|gas|telefone)",
    ],
    ["MEDIA SAY", 'diz:?(?= ")|esta escrito|ta escrito'],
    [
      "MEDIA",
      "propaganda|anuncio|comercial|televisao|tv|radio|carta|panfleto|cartaz|site|filme|novela|serie|musica|video|aviso",
    ],
    ["NEG SAY", "nao e que|nao quero que (?:voce )?(?:pense|ache) que"],
    [
      "THIRD",
      "(?:meu|minha|meus|minhas|seu|sua|o|a|do|da|uma|um|nossa|nosso) (?:\\w+ )?(?:marido|mulher|esposa|esposo|filh[oa]s?|mae|pai|mamae|papai|irmao|irma|vizinh[oa]s?|amig[oa]s?|namorad[oa]|sogr[oa]|avo|tia|tio|prim[oa]|colega|chefe|cara|moco|moca|homem|sindic[oa]|porteir[oa]|professora?|diretora?|gerente|patrao|patroa)|(?:ele|ela|eles|elas|alguem)(?= )",
    ],
    [
      "SAY OTHER",
      "diz (?:pra|para|a) (?:eles|ela|ele)|diga (?:a|pra|para) (?:eles|ela|ele)|fala (?:pra|para) (?:eles|ela|ele)",
    ],
    [
      "OTHER",
      "(?:pra|para|a) (?:eles|elas|ele|ela)|eles|essa empresa|outra empresa|a outra empresa|aquela empresa|aquele pessoal",
    ],
    [
      "SAY",
      "diss~|diz(?:er|em|ia)?|dig(?:a|o|am)|fal(?:ei|ou|aram|ava|e|ar)|ped(?:i|iu|iram)|grit~|escrev~|escrit~|respond~|contou|contei|mandou|mandaram",
    ],
    // A condition on the addressee's wish, "você" unsaid: "se não deseja receber nossas ligações".
    [
      "IF YOU",
      "(?:se|caso)(?= (?:nao |ja nao )?(?:deseja|desejar|deseje|quiser|queira|preferir|prefira|prefere)(?![a-z]))",
    ],
    [
      "IF",
      "se(?= (?:o|a|meu|minha|ele|ela|voce|vc|quiser|preferir|precisar|nao|alguem|um|uma)(?![a-z]))|caso|a qualquer momento|quando quiser|para(?= (?:nao (?:receber|ser)|parar de|deixar de))",
    ],
    ["NOW", "agora|hoje|no momento|neste momento|essa semana|esta semana"],
    [
      "LATER",
      "depois|mais tarde|amanha|a tarde|de tarde|a noite|de noite|daqui a (?:uma|um|duas|\\w+) (?:hora|horas|minutos)|outro dia|semana que vem|la pelas|tao cedo|muito cedo|tao tarde|de madrugada|no (?:domingo|sabado|fim de semana)|na hora do (?:almoco|jantar)|antes das \\w+",
    ],
    [
      "NOTINT",
      "nao (?:tenho |to com |estou com )?interesse|sem interesse|nao (?:me )?interessa|nao (?:estou|to) interessad[oa]",
    ],
    [
      "ANNOY",
      "saco cheio|encher o saco|enchendo o saco|chat(?:o|a|ice)|cansad[oa]|fart[oa]|irrit~|assedi~|abuso|que saco|pelo amor de deus|poxa|caramba|droga",
    ],
    ["REPEAT CALL", "(?:continuam|continua|ficam|fica|vivem|vive) (?:me |nos )?(?:ligando|telefonando)"],
    ["REPEAT", "menos vezes|com menos frequencia|tantas vezes|(?<=(?:ligar|liguem|ligarem|ligue) )menos"],
    [
      "REPEAT",
      "todo dia|todos os dias|toda (?:semana|hora|manha)|(?:\\w+|\\d+) vezes (?:por|hoje|ao|na|no|ja)|a (?:terceira|quarta|quinta|\\w+) vez|quantas vezes|o tempo todo|sem parar|de novo",
    ],
    ["THREAT", "procon|anatel|reclamacao|reclamar|denunci~|process(?:ar|o)|advogad[oa]|policia|reclame aqui|justica"],
    ["SAY BEFORE", "ja (?:te |lhe |lhes )?(?:falei|disse)"],
    ["BEFORE", "semana passada|da ultima vez|outro dia|antes|ontem|mil vezes|varias vezes"],
    ["CONSENT", "consentimento|autoriz~|permissao|concordei|aceitei"],
    [
      "WITHDRAW",
      "retir(?:o|ar|amos)(?= (?:o |a )?(?:meu|minha|o|a|este|esse|essa) (?:\\w+ )?(?:consentimento|autorizacao|permissao))|revog~|cancel(?:o|ar)(?= (?:o |a )?(?:meu|minha) (?:consentimento|autorizacao))|me oponho",
    ],
    [
      "REMOVE",
      "(?:nao|nao quero) (?:estar|ficar|continuar)(?= (?:na|nessa|nesta|em sua|na sua) (?:\\w+ )?(?:lista|base|cadastro))",
    ],
    ["NEG WANT", "nao sei se (?:\\w+ )?(?:preciso|quero)"],
    ["NEVER MORE", "nunca mais"],
    ["RECEIVE", "receb(?:er|o|a|endo|am)"],
    ["NEVER", "nunca|jamais"],
    ["STOP CALL", "me esquec(?:e|a|am)|esquec(?:e|a|am) (?:de )?mim|me deix(?:a|e|em) em paz|deix(?:a|e|em) me em paz"],
    [
      "STOP",
      "(?:par|deix)(?:a|e|em|ar)(?= de )|chega|basta|cess(?:ar|e|em)|acab(?:a|e|em|ar) com|(?:para|pare|parem) com|(?:a )?ultima (?:vez|ligacao)",
    ],
    [
      "REMOVE ME",
      "(?:me |nos )(?:tir|remov|exclu|apag|descadastr|risc)~|(?:tir|remov|exclu|apag|risc)(?:a|e|em|ar|ai)[ ]?(?:me|nos)(?![a-z])|tir(?:a|ar|e) (?:o senhor|a senhora|eu)",
    ],
    [
      "REMOVE",
      "tir(?:a|e|em|ar|ou|ei|ando)|remov~|exclu~|apag~|delet~|descadastr~|risc~|cancel(?:a|e|em|ar)(?= (?:o |meu )?(?:numero|cadastro))|esquec(?:e|a|am)(?= (?:o )?(?:meu|este|esse) numero)",
    ],
    ["REMOVE LIST", "nao perturbe|naoperturbe|bloqueio de telemarketing"],
    [
      "LIST",
      "listas?|cadastros?|bases? de dados|banco de dados|sistema|registros?|registos?|ficheiro|arquivo|contatos|mailing|campanha",
    ],
    ["NUMBER", "(?:o )?(?:meu|este|esse|nosso|o) (?:\\w+ )?(?:numero|telefone|celular|contato|fixo|telemovel)"],
    [
      "CALL",
      "lig(?:a|ar|ue|uem|ando|am|ou|aram|acoes|acao|uei|amos|arem|assem|asse)|telefon~|contat~|contact~|chamad(?:a|as)|chamar|importun~|incomod~|perturb~|avis(?:ar|ando|e|em)|mensagens|sms",
    ],
    ["WANT", "quer(?:o|emos|em|ia)?|desej~|gostari~|prefir~|prefer~|precis~"],
    ["KEEP", "continu~|seguir|ainda"],
    [
      "MORE",
      "mais|novamente|outra vez|daqui (?:pra|para) frente|a partir de (?:agora|hoje)|no futuro|volt(?:ar|e|em|assem|asse) a",
    ],
    ["NEG", "nao|nem|ninguem|nenhum~|nada"],
    ["ME", "me|mim|comigo|nos"],
    ["YOU", "voce|voces|vc|vcs|o senhor|a senhora|os senhores|te|ti|lhe|vos|vossa|vossas|consigo"],
  ],
};
