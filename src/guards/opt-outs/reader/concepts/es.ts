/**
 * Spanish concept words (concepts.ts): Spain (vosotros, os), Mexico (marcar, hablar, ahorita), Rioplatense (vos),
 * the Andes and the Caribbean. Folded text: no accents, ñ is n. `~` ends a stem.
 */
import type { ConceptSource } from "../concepts.js";

export const es: ConceptSource = {
  lang: "es",
  script: "latin",
  entries: [
    // A stop said to someone beside the callee, then excused ("stop, you make me laugh — sorry, that's my son").
    [
      "OKCALL",
      "(?:para(?:le)?|basta|ya(?: estuvo)?|dejalo|callate|stop)(?:(?!llam|telefon|contact)[^.?!]){0,60}?(?:perdon|disculpe|disculpa|lo siento|perdone)[,.!]? (?:es|era|le hablaba a|estaba hablando con|hablaba con) (?:mi|mis|nuestro|nuestra) [a-z]+",
    ],
    // The callee calling back themself ("I'll call back to rebook"): contact kept, not refused.
    ["CALL LATER", "(?:le |les |te )?(?:vuelvo a llamar|llamo (?:yo|despues|luego|mas tarde))"],
    // This call welcomed after talk of something else ("anyway, what's this about?"), or told it is not meant.
    [
      "OKCALL",
      "(?:pero bueno|bueno|en fin|en todo caso|anyway|total|pues)[,.]? (?:que (?:se le ofrece|se te ofrece|necesitaba|necesitabas|queria|deseaba|me decia)|en que (?:le |te )?(?:puedo ayudar|ayudo)|de que se trata)|que se le ofrece|en que le puedo ayudar|(?:eso |esto )?no (?:es|va) (?:con|para|por) (?:usted|ustedes|vosotros)",
    ],
    [
      "WANT",
      "(?:seria|estaria|sera) (?:mejor|genial|bueno|ideal|preferible) (?:si|que)|(?:le |te |les )?(?:parece|esta|estaria) bien si|preferiria (?:que|si)",
    ],
    ["REPEAT", "tanto(?! gusto)|tan seguido|muy seguido|demasiad[oa]s? (?:veces|llamadas)|a menudo"],
    ["CALL MORE", "(?:volver|vuelva|vuelvan|volvamos|vuelvo|volveremos) a (?:llamar~|contactar~)|recontact~"],
    [
      "HOWGOT",
      "(?:de )?donde (?:\\w+ ){0,3}?(?:saco|sacaron|sacan|saca|sacaste|sacasteis|consiguio|consiguieron|conseguiste|obtuvo|obtuvieron|tiene|tienen|tienes|teneis|tenes|agarraron) (?:\\w+ ){0,2}?(?:mi|este|el|nuestro) (?:\\w+ )?(?:numero|telefono|celular|contacto|datos)|quien (?:le |les |te |os )?(?:dio|paso|ha dado|han dado|dieron|pasaron) (?:mi|este|el) (?:\\w+ )?(?:numero|telefono|celular|contacto|datos)|como (?:\\w+ ){0,2}?(?:consiguio|consiguieron|conseguiste|obtuvo|obtuvieron) (?:mi|este) (?:\\w+ )?(?:numero|telefono)",
    ],
    [
      "RETRACT",
      "olvid(?:e|en|a|ad) lo que (?:le |les |te |os )?(?:dije|he dicho)|no (?:le |te )?hag(?:a|as|an) caso|ignor(?:e|a|en) lo que dije|retiro lo dicho|no lo dije en serio|era broma",
    ],
    // Reassured, not stopped: "you are not bothering me".
    [
      "OKCALL",
      "(?:usted |ustedes |eso )?no (?:me |nos )?molesta(?:n)?(?: para nada| nada| en absoluto)?(?![a-z])|no (?:me|nos) molestar(?: para nada| nada)",
    ],
    [
      "OKCALL",
      "(?:puede|pueden|puedes|podeis|podes) (?:seguir |volver a )?(?:llamar|marcar|contactar|avisar|hablar)~|(?:sigan|siga|sigue|seguid|continuen|continue) (?:llamando|marcando|avisando|mandando|enviando)|llam(?:ame|eme|enme|adme|enos|anos)|(?:me )?(?:sirven|gustan|ayudan|vienen bien) (?:los|las|mucho)|(?:si )?quiero que me sigan|quiero (?:los|mis) recordatorios|(?:las )?llamadas (?:estan bien|no me molestan|sin problema)|no me quit(?:e|en|es)|dejeme asi|dejame asi|no hay problema|(?:que )?me llamen cuando quieran|llamenme cuando quieran",
    ],
    [
      "NAMING",
      "senora|senor|senorita|dona|jefe|jefa|mija|mijo|carino|corazon|guapa|guapo|joven|abuela|abuelo|nene|nena|mi amor|licenciad[oa]|doctora?|profe|profesora?|maestr[oa]|ingenier[oa]",
    ],
    ["RECORD", "grab(?:e|en|ar|ada|ado|acion|aciones|ando)"],
    [
      "OTHERLIST",
      "direccion(?:es)? (?:vieja|viejas|antigua|antiguas|anterior|postal|de (?:envio|entrega|correo|facturacion))|(?:la|su|mi|esa|una) direccion(?! (?:de la empresa|general))|domicilios?|pedidos?|carrito|listas? de (?:espera|invitados|compras|correo|correos|difusion|clase|reserva|regalos)|grupos?|chat|whatsapp|telegram|boletin|newsletter|correos?|emails?|mailing|revista|suscripcion|membresia|estados? de cuenta|papel|facturas? (?:en papel|de papel)|tarjetas?|visa|mastercard|facturas?",
    ],
    ["MEDIA SAY", 'pone:?(?= ")|reza:?(?= ")'],
    [
      "MEDIA",
      "anuncios?|comercial|tele|television|tv|radio|carta|folleto|cartel|pagina web|web|publicidad|propaganda|pelicula|serie|cancion|video|nota",
    ],
    ["NEG SAY", "no es que|tampoco es que|no (?:quiero|quisiera) que (?:piense|pienses|crea|creas) que"],
    [
      "THIRD",
      "(?:mi|mis|su|sus|la|el|una|un|nuestra|nuestro|tu) (?:\\w+ )?(?:esposo|esposa|marido|mujer|hij[oa]s?|madre|padre|mama|papa|mami|papi|herman[oa]s?|vecin[oa]s?|amig[oa]s?|novi[oa]|suegr[oa]|abuel[oa]|ti[oa]|prim[oa]|companer[oa]|jefe|jefa|cunad[oa]|nuera|yerno|tipo|chic[oa]|hombre|muchach[oa])|(?:ella|ellos|ellas|alguien)(?= )",
    ],
    ["SAY OTHER", "dile|diles|digale|digales|decile|decirles|diganles|dígales"],
    [
      "OTHER",
      "a ellos|a ellas|a el|ellos|a esa empresa|a la otra empresa|a otra empresa|a alguna empresa|a una empresa|a esos|a esa gente",
    ],
    ["THIRD SAY", "dice|dicen|dijo|dijeron|decia|decian"],
    [
      "SAY",
      "dij~|dic(?:e|en|es|ho|iendo)|decia~|decir~|dig(?:a|an|as|o)(?:noslo|nos|melo|me|lo)?|pid(?:o|io|ieron|iendo)|ped(?:i|ia|imos)|grit~|escribi~|contest~|respond~|comento",
    ],
    // A condition on the addressee's wish, "usted" unsaid: "si no desea recibir llamadas".
    ["IF YOU", "si(?= (?:no |ya no )?(?:desea|desean|prefiere|prefieren|quiere|quieren|necesita)(?![a-z]))"],
    [
      "IF",
      "si(?= (?:mi|mis|su|el|ella|usted|ustedes|me|le|les|te|alguna|algun|en|por|quiere|quieres|prefiere|prefieres|desea|necesita|lo|la|vuelve|vuelven|llama|llaman|contesta)(?![a-z]))|cuando quiera|en caso de|siempre que|en cualquier momento|para(?= (?:no (?:recibir|seguir)|dejar de))",
    ],
    ["NOW", "ahora|ahorita|ahora mismo|en este momento|hoy|esta semana"],
    [
      "LATER",
      "luego|despues|mas tarde|manana|en (?:una|un|dos|media) (?:hora|horas|rato|momento)|en la tarde|por la tarde|en la noche|por la noche|otro dia|la proxima semana|a las \\w+|back|tan temprano|tan tarde|de madrugada|a la hora de (?:comer|la comida|cenar|la cena)|en (?:el|la) (?:trabajo|noche|madrugada)|antes de las \\w+|los (?:domingos|sabados|fines de semana)",
    ],
    ["NOTINT", "no (?:me |nos )?interesa|no estoy interesad[oa]|sin interes|no tengo interes"],
    [
      "ANNOY",
      "molestia|fastidi~|agobi~|hart[oa]s?|cansad[oa]s?|pesad[oa]s?|joder|carajo|que lata|estoy hasta|ya estuvo",
    ],
    ["REPEAT CALL", "(?:siguen|sigue|sigues|seguis|siguen) (?:llamando|marcando|molestando|hablando)"],
    ["REPEAT", "menos (?:seguido|a menudo|veces)|con menos frecuencia|tan seguido|tan a menudo"],
    ["REPEAT", "otra vez (?:ustedes|vosotros|usted|tu|con)|(?:ay|joder|uf),? otra vez"],
    [
      "REPEAT",
      "todos los dias|cada (?:dia|semana|rato|hora|mes|dos por tres)|diario|a diario|a cada rato|a todas horas|constantemente|(?:\\w+|\\d+) veces (?:al|por|hoy|en|ya|esta)|cuantas veces|(?:tercera|cuarta|quinta|sexta) vez|una y otra vez|sin parar|todo el tiempo",
    ],
    [
      "THREAT",
      "(?:poner|pongo|hacer|presentar) (?:una )?(?:queja|denuncia|reclamacion)|denunci~|abogad[oa]|policia|profeco|autoridades|consumo",
    ],
    ["SAY BEFORE", "ya (?:le |les |te |os )?(?:dije|he dicho|habia dicho|lo dije|lo he dicho)"],
    ["BEFORE", "la otra vez|la vez pasada|la semana pasada|el otro dia|antes|ayer|mil veces|varias veces|muchas veces"],
    ["CONSENT", "consentimiento|permiso|autoriz~|conformidad"],
    [
      "WITHDRAW",
      "revoc~|retir(?:o|ar|amos)(?= (?:mi|el|este|ese|todo|nuestro|la) (?:\\w+ )?(?:consentimiento|permiso|autorizacion|conformidad))|anul(?:o|ar)(?= (?:mi|el) (?:consentimiento|permiso|autorizacion))|me opongo|oposicion",
    ],
    [
      "REMOVE",
      "(?:no|ya no) (?:estar|seguir|quiero estar|quiero seguir)(?= en (?:su|la|esa|esta|sus) (?:\\w+ )?(?:lista|base|registro|sistema))",
    ],
    ["NEG WANT", "no se si (?:\\w+ )?(?:necesito|quiero|me interesa~)"],
    ["NEG MORE", "ya no|no mas|ni una vez mas|ni una mas"],
    ["NEVER MORE", "nunca mas|jamas"],
    ["RECEIVE", "recibir|recibo|reciba~|recibiendo|(?:me )?llegu?en"],
    ["NEVER", "nunca"],
    ["STOP CALL", "dej(?:a|e|en|ad|es|eis|ar)(?:me|nos)? en paz|me dej(?:a|e|en|es|eis) en paz"],
    [
      "STOP",
      "(?:dej|par)(?:a|e|en|ad|ar|es|eis)(?= de )|basta(?: ya)?|ya basta|cese|cesen|cesar|suficiente|se acabo|acab(?:en|e|ar) con|termin(?:en|e|ar) con|(?:la )?ultima (?:vez|llamada)|absten~|evit(?:e|en|ar)(?= (?:de )?llam)",
    ],
    [
      "REMOVE ME",
      "(?:quit|saqu|sac|borr|elimin|retir|tach|excluy|baj|kit)(?:a|e|en|ad|ar|ame|eme|enme|adme)?(?:me|nos)|me (?:quit|saqu|sac|borr|elimin|retir|tach|excluy)(?:e|en|es|a|as|an|ais|eis)|(?:dar|da|den|de|dame|deme|denme)(?:me)? de baja",
    ],
    [
      "REMOVE",
      "quit~|saqu~|sac(?:a|ar|ad|en|ais)|borr~|elimin~|retir~|tach~|excluy~|dar de baja|de baja|suprim~|desuscrib~|desapunt~|(?:olvid(?:e|en|a|ad)|perde|pierda|pierdan|pierde)(?= (?:mi|este) numero)",
    ],
    ["REMOVE LIST", "lista robinson|lista de no llamar|registro de exclusion|repep|no llame|no molestar"],
    [
      "LIST",
      "listas?|bases? de datos|registros?|sistema|ficheros?|archivos?|agendas?|directorios?|contactos|padron|bbdd|campanas?|list",
    ],
    ["NUMBER", "(?:mi|este|el|ese|nuestro) (?:\\w+ )?(?:numero|telefono|celular|movil|cel|linea)"],
    [
      "CALL",
      "llam~|telefone~|contact~|marc(?:ar|en|ando|aron|o|arme|arnos|arle|ame|eme|enme|ais|ues|ue)|molest(?:e|en|es|ar|arme|ando|eis)|me hablan|me hablen|me esten hablando|hablarme|comunic~|avis(?:ar|ando|en|e|arme)|acos~|insist~|saber (?:nada )?(?:mas )?de (?:ustedes|usted|vosotros|ti|su empresa)|mensajes|whatsapps?|sms|recordatorios",
    ],
    ["WANT", "quier~|quere~|dese~|necesit~|gustar~|prefier~|prefer~|agradec~"],
    ["KEEP", "segu~|sigu~|continu~|todavia|aun"],
    [
      "MORE",
      "mas|otra vez|de nuevo|nuevamente|volver a|vuelv(?:a|an|as|e|en) a|volv(?:ieran|iera|ais|amos) a|en adelante|a partir de ahora|de ahora en adelante|en el futuro",
    ],
    ["NEG", "no|ni|nadie|ningun~|nada|tampoco"],
    ["ME", "me|nos|a mi|conmigo"],
    ["YOU", "usted|ustedes|vosotros|vosotras|os|te|tu|su empresa|les|le|vos"],
  ],
};
