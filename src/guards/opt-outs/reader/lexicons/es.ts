/** Spanish (Spain and the Americas). Patterns are over folded text: no accents, lower case. */
import type { LexiconSource } from "../lexicon.js";

export const es: LexiconSource = {
  lang: "es",
  macros: {
    PRON: "(?:me |nos |le |la |lo |les |los |las |te )",
    LLAMAR:
      "(?:llam(?:ar|en|e|es|a|ad|ando|ara|aran|aras|asen|ase|arme|arnos|arle|arla|arlo|arles|enme|eme|ame|adme)|telefone(?:ar|en|e)\\w*|contact(?:ar|en|e|es|arme|arnos|arle|enme|eme)|molest(?:ar|en|e|es|arme|arnos|enme|eme)|marc(?:ar|en|e)|acos(?:ar|en|e|arme))",
    LISTA:
      "(?:listas?|bases? de datos|registros?|sistemas?|ficheros?|archivos?|agendas?|directorios?|contactos|list|padron|bbdd)",
    LLAMADAS: "(?:llamadas|llamada|llamaditas|contacto|mensajes|calls|llamados)",
  },
  /** Words and stems (ending in *) that show a line may be in this language: only such lines are read in it. */
  markers:
    "el que por favor les nos los las una esta este esto ya mas nunca usted ustedes gracias mis su sus y pero para sin muy bien tambien ahora aqui hola adios senor senora vez veces otra otro claro vale bueno pues mira oiga quizas tal jamas ninguna ningun nada llamadas llamada llamar* llam* molest* quit* saqu* borr* elimin* dej* vuelv* volv* baja marc* quier* dese* acos* olvid* cuant* retir* autoriz* permiso* pid* solicit* de la es un si con mi lista* list* numer* telefon* contact* consent* estoy inscrit* robinson",
  asked: [
    [
      "direct",
      "(?:deje|dejen|deja|dejes|dejad|dejar|para|paren|parar|pare|basta de|cese|cesen|dejar de|ya dejen) (?:ya )?de {PRON}?(?:{LLAMAR}|llamarme|llamarnos)",
    ],
    [
      "direct",
      "(?:deje|dejen|deja|dejad|paren|pare|basta|basta ya) (?:de|con) (?:las |tantas |estas |sus |esas )?(?:\\w+ )?{LLAMADAS}",
    ],
    [
      "direct",
      "no {PRON}?(?:vuelva|vuelvan|vuelvas|volver|volvieran|volviera|vuelvo)n? (?:nunca )?a (?:llamar|contactar|molestar|marcar|telefonear)",
    ],
    [
      "direct",
      "no {PRON}?(?:llame|llamen|llames|llamar|llamaran|llamara|llamasen|contacte|contacten|contactes|contactar|marquen|marque|molesten|moleste|molestes)(?: \\w+)? (?:mas|nunca|otra vez|de nuevo|a este numero|aqui|a este telefono|jamas)",
    ],
    [
      "direct",
      "(?:nunca|jamas) (?:mas )?{PRON}?(?:llame|llamen|llames|vuelvan a llamar|vuelva a llamar|contacten|contacte)",
    ],
    ["direct", "ya no {PRON}?(?:llamen|llame|llames|contacten|contacte|molesten|moleste)"],
    ["direct", "no (?:volver a |vuelvan a |vuelva a )?(?:comunicarse|comunicar\\w*) (?:conmigo|con nosotros|con \\w+)"],
    [
      "direct",
      "(?:abstenga|abstenganse|abstengase|abstengan|eviten|evite) (?:se )?de {PRON}?(?:{LLAMAR}|llamarme|llamarnos)",
    ],
    ["indirect", "(?:hart|cansad|aburrid)[oa]s? (?:ya )?de (?:sus |tantas |estas |las |esas )?(?:\\w+ )?{LLAMADAS}"],
    ["direct", "(?:ya )?no {PRON}?(?:esten|sigan|siga|sigas|este|estes) (?:llamando|marcando|molestando|contactando)"],
    ["direct", "no {PRON}?(?:llamen|llame|llames|vuelvan a llamar|contacten|marquen)(?= *(?:[.,!?]|$))"],
    [
      "direct",
      "no {PRON}?(?:llamen|llame|llames|contacten|marquen) (?:para|con|por) (?:\\w+ ){0,3}?(?:vender|ofertas|promociones|publicidad|ventas|cosas|ofrecer|promocion|seguros|prestamos)",
    ],
    ["direct", "no (?:quiero|queremos|quiere) saber (?:nada )?(?:mas )?de (?:ustedes|usted|su empresa|ellos)"],
    [
      "direct",
      "no (?:quiero|queremos|quiere|quieren|deseo|deseamos|desea|necesito) (?:recibir |tener )?(?:(?:mas|ninguna|ningun|otra|otras|sus|estas|esas|tantas|mas de sus) )*(?:\\w+ )?{LLAMADAS}",
    ],
    [
      "direct",
      "no (?:quiero|queremos|quiere|quieren|deseo|desea|deseamos) que {PRON}?(?:(?:vuelvan a|sigan|esten|sigas|siga|este|vuelva a) )?(?:llam\\w*|contact\\w*|molest\\w*|marqu\\w*)",
    ],
    [
      "direct",
      "no (?:quiero|queremos|quiere|deseo|desea) (?:ser|volver a ser|que me sigan) (?:llamad|contactad|molestad)[oa]s?",
    ],
    ["direct", "no (?:volver a )?ser (?:llamad|contactad|molestad)[oa]s?(?: (?:de nuevo|mas|otra vez|nunca))?"],
    ["direct", "(?:no|ninguna|ningunas) (?:mas|otra|otras) (?:\\w+ )?{LLAMADAS}|no mas {LLAMADAS}"],
    [
      "removal",
      "(?:saque|saquen|saca|sacar|sacame|saqueme|saquenme|quite|quiten|quita|quitar|quiteme|quitenme|quitame|borre|borren|borra|borrar|borreme|borrenme|borrame|elimine|eliminen|elimina|eliminar|elimineme|eliminenme|eliminame|retire|retiren|retirar|retireme|retirenme|excluya|excluyan|excluyanme|dar|den)(?: me| nos| mi numero| mis datos| este numero| el numero| mi telefono| a mi| a mi madre| a mi padre| lo| la)? (?:de|del) (?:\\w+ ){0,2}?{LISTA}",
    ],
    [
      "removal",
      "(?:saquenme|quitenme|quiteme|borrenme|borreme|eliminenme|sacame|quitame|borrame|saqueme) (?:de |del |from |off )?(?:\\w+ ){0,2}?(?:{LISTA}|list)",
    ],
    [
      "removal",
      "(?:dar|darme|darnos|den|denme|deme|doy|darse|darle|darla|darlo) de baja|(?:baja de|borrar|eliminar|quitar) (?:mi|este) (?:numero|telefono)",
    ],
    [
      "removal",
      "lista robinson|lista de (?:exclusion|no llamar|no llame)|registro de (?:exclusion|no llamar)|(?:ser|estar) (?:eliminad|borrad|quitad|dad)[oa]s? (?:de|del) (?:\\w+ ){0,2}?{LISTA}",
    ],
    [
      "revocation",
      "(?:retiro|revoco|retirar|revocar|cancelo|anulo|retiramos) (?:mi |el |todo |nuestro )?(?:consentimiento|permiso|autorizacion)",
    ],
    [
      "revocation",
      "no {PRON}?(?:doy|damos|di|tienen|tiene) (?:mi |su |el )?(?:permiso|consentimiento|autorizacion) (?:para|de|a) (?:que )?{PRON}?(?:{LLAMAR}|llamarme)",
    ],
    [
      "revocation",
      "no (?:autorizo|consiento|acepto|autorizamos) (?:que |a que |mas )?(?:me |nos )?(?:las |estas |sus |mas )?(?:{LLAMAR}|{LLAMADAS}|llamen)",
    ],
    [
      "indirect",
      "(?:ya esta bien|basta ya|ya basta|suficiente|ya fue suficiente) (?:de|con) (?:\\w+ ){0,2}?{LLAMADAS}",
    ],
    [
      "indirect",
      "cuantas veces (?:\\w+ )?(?:tengo|tendre|hay|le|les|te|debo) (?:que )?(?:\\w+ )?(?:decir|repetir|decirselo|decirles|decirte)",
    ],
    ["indirect", "(?:dej|dejad)(?:e|en|a|ad|enme|eme|ame|adme)(?: me| nos)? en paz"],
    ["indirect", "olvid(?:e|en|a|ense|ate|ese|enlo)(?: de)? (?:mi|este|nuestro) numero"],
    [
      "third-party",
      "(?:dile|diganle|dijeron|les dije|le dije|le pedi|les pedi|te dije)(?: a \\w+(?: \\w+)?)? que (?:no|dejen|dejaran) (?:me |nos |le |la |lo )?(?:vuelvan a )?(?:llam|contact|molest)\\w*",
    ],
  ],
  possible: [
    ["hedged", "(?:si|que) (?:esta|esta) (?:fuera|fuese|sea) la ultima (?:llamada|vez)"],
    [
      "indirect",
      "(?:otra vez|de nuevo) (?:ustedes|usted|vosotros)(?=[.!?,]|$)|(?:ustedes|vosotros) (?:otra vez|de nuevo)(?=[.!?,]|$)|(?:les|os) encanta llamar",
    ],
    [
      "hedged",
      "(?:este|ese) no es (?:\\w+ ){0,2}?(?:un |el )?(?:buen |mejor |numero )?(?:numero )?(?:adecuado |indicado )?para (?:esto|eso|estas cosas|este tipo)",
    ],
    // Near misses: a word of ending and a word of calling close together, worded unlike the cues above.
    [
      "hedged",
      "(?:basta|ya no|nunca mas|no mas|deje|dejen|dejar|quite|quiten|saque|saquen|borre|borren|elimine|eliminen|harto|harta|cansado|cansada|suficiente)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,3}? (?:llam\\w*|telefone\\w*|contact\\w*|marcar\\w*|molest\\w*|mi numero|este numero|la lista|su lista)|(?:llam\\w*|telefone\\w*|contact\\w*|marcar\\w*|molest\\w*|mi numero|este numero|la lista|su lista)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,2}? (?:basta|ya no|nunca mas|no mas|deje|dejen|dejar|quite|quiten|saque|saquen|borre|borren|elimine|eliminen|harto|harta|cansado|cansada|suficiente)",
    ],

    ["hedged", "no se (?:moleste|molesten|preocupe en llamar)|no te molestes|no pierda (?:su|el) tiempo"],
    [
      "indirect",
      "por que (?:me |nos )?(?:siguen|sigue|sigues|vuelven a|insisten en) (?:llamando|llamar)|por que (?:me |nos )?llaman tanto|{PRON}?llaman (?:todos los dias|cada dia|a cada rato|constantemente|a todas horas)",
    ],
    ["indirect", "(?:esto es|es un) acoso|ya basta"],
    ["third-party", "numero equivocado|se equivoco de numero|(?:aqui )?no vive (?:aqui|nadie)|fallecio|ya no vive"],
  ],
  exempt: [
    "lista de (?:espera|invitados|la compra|compras|pendientes|regalos|clase|boda|precios|acogida|adopcion|adoptantes|voluntarios)",
    "(?:llam|llame|llamen|llamar)\\w* (?:me |le |lo |la )?(?:senora|senor|senorita|don|dona|doctor|doctora|profe|profesora?|maestr[oa]|ingenier[oa]|por mi nombre|por su nombre|de usted|de tu|de vos)",
    "(?:contest|atend|cogi|agarr)\\w* el (?:telefono|celular|movil)",
    "(?:autorizo|consiento|acepto|permiso|consentimiento|autorizacion)(?: \\w+){0,3} (?:que se grabe|la grabacion|grabar|grabacion|se grabe)",
    "(?:el|un|los) cargo|la factura|en espera",
  ],
  negated: [
    "no (?:le |les |te )?(?:estoy pidiendo|estoy diciendo|pido|digo|dije|pedi|quiero)(?: que)?",
    "no hace falta (?:que )?{PRON}?",
    "no es necesario (?:que )?{PRON}?",
    "no (?:tiene|tienen|necesita|necesitan|hace falta) (?:que )?",
    "no {PRON}?",
    "si (?:usted |ustedes |tu )?(?:quiere|desea|prefiere|quieres|gusta)(?: que)?",
    "(?:diga|digan|di|dile|solo diga) ",
  ],
  reported: [
    "(?:mi|su|el|la|un|una|tu) (?:\\w+ )?(?:amig[oa]|vecin[oa]|herman[oa]|prim[oa]|jef[ea]|companer[oa]|anuncio|cancion|senor|senora)s? (?:\\w+ ){0,3}?(?:dice|dijo|decia|dicen|grita|gritaba)",
    "(?:el|ella|ellos|alguien|la gente|todos) (?:\\w+ )?(?:dice|dijo|dicen|decia)",
  ],
  retracted: ["pero (?:yo )?no", "es (?:una )?broma", "(?:solo )?bromeaba", "jaja"],
  lead: "(?:bueno|pues|mira|oiga|la verdad|eh|este|hombre|mujer|ay|uy|dios|dios mio|por dios)",
  yes: "(?:si|claro|por supuesto|desde luego|vale|de acuerdo|ok|okay|perfecto|exacto|hagalo|por favor|sale|dale|correcto|se lo agradeceria|sip|yes|please)",
  no: "(?:no|nop|para nada|en absoluto|nunca|jamas|de ninguna manera|ni hablar|no gracias)",
  unsure: "(?:no se|no estoy segur[oa]|quizas|quiza|tal vez|a lo mejor|puede ser|depende|lo pensare|no lo se|igual si)",
  offer: [
    "(?:desea|quiere|le gustaria|prefiere|quieres|te gustaria|quiere usted)(?: que)? (?:lo |la |le |te )?(?:eliminemos|quitemos|saquemos|borremos|retiremos|demos de baja|elimine|quite|saque|borre|retire|de de baja|eliminar\\w*|quitar\\w*|sacar\\w*|borrar\\w*|dar de baja)",
    "(?:desea|quiere|prefiere|quieres|le gustaria)(?: que)? (?:dejemos|dejar|paremos|no) (?:de )?(?:le |lo |la |te )?(?:llamar\\w*|llamemos|contactar\\w*|volvamos a llamar\\w*)",
  ],
  keep: [
    "(?:quiere|desea|le gustaria|quieres|prefiere) (?:seguir|continuar) (?:recibiendo|siendo|escuchando|en)",
    "(?:podemos|puedo|le podemos|le puedo|podriamos) (?:seguir |volver a )?(?:llamarle|llamarlo|llamarla|contactarle|contactarlo|llamarte)(?: de nuevo| otra vez| en el futuro| mas adelante)",
  ],
  courtesy: "si (?:usted |asi lo |lo )?(?:quiere|prefiere|desea|gusta|lo desea)(?= ?[,.!?;]|$)",
  past: "alguna vez|(?:le|te) ha pasado que",
  confirm: [
    "(?:le|lo|la|te) (?:hemos |he |voy a |vamos a )?(?:eliminado|quitado|sacado|borrado|dado de baja|eliminar|quitar|sacar|borrar|dar de baja) (?:de|del) (?:nuestra |la )?(?:lista|base)",
    "no (?:le|lo|la|te) (?:volveremos|vamos a volver) a (?:llamar|contactar)",
  ],
  intro: [
    "(?:soy|le habla|habla|me llamo|mi nombre es|le llama|te habla|le saluda) ([a-z]+)(?: [a-z]+)?,? (?:de|del|desde|en nombre)",
  ],
  keys: [
    "llamarme",
    "llamar",
    "llamen",
    "llame",
    "vuelva",
    "vuelvan",
    "favor",
    "lista",
    "numero",
    "molestar",
    "contactar",
    "molesten",
  ],
  aliases: { yamarme: "llamarme", yamar: "llamar", yamen: "llamen", yame: "llame", vuelba: "vuelva", buelva: "vuelva" },
  hedges: "quizas|quiza|tal vez|a lo mejor|no se si|creo que|supongo",
  summary: [
    [
      "reported",
      "(?:pidio|solicito|quiere|quiso|exigio) (?:que no (?:lo |la |le )?(?:vuelvan a llamar|volvieran a llamar|llamen|llamaran|contacten)|no ser (?:llamad|contactad)[oa]s?|ser (?:eliminad|borrad|dad)[oa]s?|que (?:lo |la |le )?(?:eliminen|borren|quiten|saquen|den de baja))",
    ],
  ],
  summaryHints: [["hedged", "(?:molest|enfadad|irritad|frustrad)[oa] (?:por|con) (?:las )?(?:\\w+ )?llamadas"]],
  denied: ["no (?:pidio|solicito|quiso) (?:ser |la |que )"],
};
