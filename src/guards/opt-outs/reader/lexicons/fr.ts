/** French. Patterns are over folded text: no accents, lower case, apostrophes straight. */
import type { LexiconSource } from "../lexicon.js";

export const fr: LexiconSource = {
  lang: "fr",
  macros: {
    PRON: "(?:m'?|me |nous |l'?|le |la |les |lui |leur )",
    APPELER:
      "(?:appeler|appelez|appelle|appelles|appeliez|appelions|rappeler|rappelez|rappelle|telephoner|telephonez|telephone|contacter|contactez|contacte|deranger|derangez|harceler|harcelez|solliciter|sollicitez|demarcher|demarchez)",
    LISTE: "(?:liste|listes|fichier|fichiers|base|base de donnees|registre|repertoire|annuaire|systeme|contacts)",
    APPELS: "(?:appels|appel|coups de fil|coups de telephone|sollicitations|demarchages?|messages)",
  },
  /** Words and stems (ending in *) that show a line may be in this language: only such lines are read in it. */
  markers:
    "ne pas plus vous nous ouin serait les des du une est mais pour avec merci oui non c'est ca bonjour jamais ouais bien sur d'accord peut etre rien aucun aucune appel* rappel* telephon* arret* cess* retir* suppr* effac* fichier* desinscri* derang* harcel* laiss* oubli* combien* oppos* bloctel* souhait* veux* demand* de la le et un je si list* numer* contact* consent*",
  asked: [
    [
      "direct",
      "(?:arretez|arrete|arreter|arretes|cessez|cesse|cesser|stop) (?:donc |tout de suite )?de {PRON}?{APPELER}",
    ],
    [
      "direct",
      "(?:arretez|arrete|arreter|cessez|stop|assez|fini|plus) (?:avec )?(?:les |vos |ces |tous ces |de |d')?(?:\\w+ )?{APPELS}",
    ],
    ["direct", "(?:(?:ne |n')|(?:ne |n')?{PRON}){APPELER} (?:\\w+ )?(?:plus|jamais)(?! tard)"],
    [
      "direct",
      "ne (?:plus|jamais) (?:jamais )?{PRON}?(?:appeler|rappeler|telephoner|contacter|deranger|etre appele|etre contacte)",
    ],
    [
      "direct",
      "(?:je |nous |il |elle |on )?(?:ne |n')?(?:veux|voulons|veut|souhaite|souhaitons|desire) (?:plus|pas|aucun|aucune|jamais) (?:que vous {PRON}?|etre |recevoir |d'|de |d )*(?:\\w+ ){0,2}?(?:{APPELS}|appele|appelee|contacte|contactee|derange|derangee|sollicite|appeliez|contactiez|rappeliez)",
    ],
    ["direct", "(?:plus|aucun|pas) (?:d'|de |d )(?:\\w+ )?{APPELS}"],
    [
      "direct",
      "(?:ne )?(?:veux|voulons|veut|souhaite) (?:plus|pas|jamais) entendre parler (?:de vous|de vos \\w+|de votre \\w+)",
    ],
    [
      "removal",
      "(?:retirez|retire|retirer|supprimez|supprime|supprimer|enlevez|enleve|enlever|rayez|raye|effacez|efface|effacer|sortez|sortir|otez|radiez|desinscrivez)(?: moi| nous| mon numero| ce numero| mes coordonnees| mes donnees| le| la)? (?:de|du|des|d') (?:\\w+ ){0,2}?{LISTE}",
    ],
    ["removal", "(?:effacez|supprimez|retirez|effacer|supprimer) (?:mes coordonnees|mes donnees|mon numero|ce numero)"],
    [
      "removal",
      "(?:me |nous )?desinscrire|desinscrivez (?:moi|nous)|bloctel|liste (?:d'opposition|rouge|orange)|(?:je m'|je |m')oppose",
    ],
    [
      "revocation",
      "(?:je )?(?:retire|retirons|revoque|annule) (?:mon |notre |le )?(?:consentement|accord|autorisation)",
    ],
    [
      "revocation",
      "(?:je )?(?:ne (?:suis|consens|donne) plus|n'ai jamais donne|ne consens pas|ne donne pas)(?: \\w+){0,2} (?:d'accord |mon accord |consentement |autorisation )?(?:pour |a )?(?:etre )?(?:appele|contacte|ces appels|vos appels|que vous)",
    ],
    ["indirect", "combien de fois (?:\\w+ ){0,4}?(?:dire|repeter|redire)"],
    ["indirect", "(?:laissez|laisse|fichez|foutez|fiche|fous) (?:moi|nous) (?:la paix|tranquilles?)"],
    ["indirect", "oubliez (?:mon|ce|notre) numero"],
    [
      "indirect",
      "(?:marre|ras le bol|assez|soule|saoule) (?:de|des|d') ?(?:vos |ces |tes |tous ces |leurs )?(?:\\w+ )?{APPELS}",
    ],
  ],
  possible: [
    ["hedged", "(?:si|que) (?:c'etait|ce soit|c'est|ce serait) (?:le dernier appel|la derniere fois)"],
    [
      "indirect",
      "(?:^|[.!?,] )(?:encore|de nouveau) vous(?=[.!?,]|$)|vous (?:encore|de nouveau)(?=[.!?,]|$)|vous aimez (?:bien |vraiment )?(?:appeler|telephoner)",
    ],
    ["hedged", "(?:ce n'est|c'est) pas (?:\\w+ ){0,2}?(?:le bon|un bon) numero pour (?:ca|ce genre|ces choses)"],
    // Near misses: a word of ending and a word of calling close together, worded unlike the cues above.
    [
      "hedged",
      "(?:arret\\w*|cess\\w*|plus jamais|ne plus|assez|marre|retir\\w*|supprim\\w*|effac\\w*|stop)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,3}? (?:appel\\w*|rappel\\w*|telephon\\w*|contact\\w*|mon numero|ce numero|votre liste|la liste)|(?:appel\\w*|rappel\\w*|telephon\\w*|contact\\w*|mon numero|ce numero|votre liste|la liste)(?: (?!not |never |niet |nooit |nicht |nie |no |nao |non |pas |ne |n'|don'?t |didn'?t )[a-z']+){0,2}? (?:arret\\w*|cess\\w*|plus jamais|ne plus|assez|marre|retir\\w*|supprim\\w*|effac\\w*|stop)",
    ],

    [
      "hedged",
      "ne vous (?:donnez|en faites) pas (?:la peine|de souci)|pas la peine (?:de|d')(?: \\w+)? (?:rappeler|appeler|insister)|ne perdez pas (?:votre|de) temps",
    ],
    [
      "indirect",
      "pourquoi (?:vous )?(?:m'|me |nous )?(?:appelez|rappelez|telephonez)(?: \\w+)? (?:tout le temps|sans arret|toujours|encore|tous les jours|autant)|vous (?:m'|me )?appelez (?:tous les jours|sans arret|tout le temps)",
    ],
    ["indirect", "(?:c'est|c est) du harcelement|ca suffit"],
    ["third-party", "mauvais numero|faux numero|erreur de numero|(?:est )?decede|n'habite plus ici"],
  ],
  exempt: [
    "a decroche|ont decroche|repondu au telephone",
    "liste d'attente|liste des invites|liste de courses|liste d'invites|liste de mariage|liste d'adoption|liste des familles d'accueil|liste des benevoles",
    "(?:appel|appelez|appelle)\\w* (?:pas )?(?:m'|me |moi )?(?:madame|monsieur|mademoiselle|docteur|maitre|professeur|patron|patronne|par mon prenom|par mon nom)",
    "(?:consens|consentement|accord|autorise|autorisation)(?: \\w+){0,3} (?:a l'|l')?enregistrement",
  ],
  negated: [
    "(?:je )?(?:ne |n')?(?:vous )?(?:demande|dis|ai dit|ai demande|ai jamais dit|veux) (?:pas|jamais|rien)(?: de| d'| que)?",
    "ne {PRON}?",
    "pas besoin de |inutile de ",
    "si vous (?:voulez|souhaitez|preferez)(?: que)?",
    "(?:dites|dis|dites simplement) ",
  ],
  reported: [
    "(?:mon|ma|mes|un|une|le|la|son|sa) (?:\\w+ )?(?:ami|amie|voisin|voisine|soeur|frere|cousin|cousine|collegue|patron|pub|chanson)s? (?:\\w+ ){0,3}?(?:dit|disait|a dit|disent)",
    "(?:il|elle|ils|elles|quelqu'un|on) (?:\\w+ )?(?:dit|disait|a dit)",
  ],
  retracted: ["mais (?:moi )?(?:je )?(?:ne|n')", "je plaisante", "c'est une blague", "mdr"],
  lead: "(?:bon|ben|alors|euh|ecoutez|eh bien|bah|honnetement|(?:oh )?mon dieu|oh la la|ah)",
  yes: "(?:oui|ouais|ouin|bien sur|d'accord|ok|okay|volontiers|exactement|tout a fait|absolument|avec plaisir|s'il vous plait|voila|c'est ca|oui merci|ce serait (?:apprecie|gentil|bien))",
  no: "(?:non|nan|pas du tout|jamais|surtout pas|non merci|certainement pas|pas vraiment)",
  unsure: "(?:je ne sais pas|je sais pas|chais pas|peut etre|pas sur|pas sure|on verra|je vais reflechir|bof)",
  offer: [
    "(?:souhaitez|voulez|voudriez|desirez|preferez)(?: vous)?(?: que)? (?:je |nous |on )?(?:vous )?(?:retire|retirions|retirer|supprime|supprimer|desinscrive|desinscrire|enleve|enlever)",
    "(?:souhaitez|voulez|preferez|desirez)(?: vous)?(?: que)? (?:nous |je |on )?(?:ne )?(?:vous )?(?:appelions plus|rappelions plus|contactions plus|plus etre appele|plus recevoir)",
    "(?:cessions|arretions|cesse|arrete|cessons|arretons) de vous (?:appeler|contacter|telephoner|rappeler)",
  ],
  keep: [
    "(?:souhaitez|voulez|voudriez)(?: vous)? (?:continuer|toujours) (?:a |de )?(?:recevoir|etre appele|etre contacte)",
    "(?:pouvons|puis)(?: nous| je)? (?:vous )?(?:rappeler|recontacter) (?:a l'avenir|plus tard|de nouveau)",
  ],
  courtesy:
    "si vous (?:le )?(?:souhaitez|voulez|preferez|desirez)(?= ?[,.!?;]|$)|si tu (?:le )?(?:veux|preferes)(?= ?[,.!?;]|$)",
  past: "(?:avez|as)[ -]?(?:vous|tu) (?:deja|jamais)|vous est il (?:deja|jamais)|(?:deja|jamais) (?:demande|dit) a",
  confirm: [
    "(?:je vous ai|nous vous avons|je vais vous|nous allons vous) (?:retire|supprime|desinscrit|retirer|supprimer|desinscrire)",
    "nous ne vous (?:rappellerons|appellerons|contacterons) plus",
  ],
  intro: ["(?:je suis|ici|c'est|je m'appelle|mon nom est) ([a-z]+)(?: [a-z]+)?,? (?:de|du|de la|d'|chez|pour)"],
  keys: ["appeler", "rappeler", "appelez", "arretez", "numero", "liste", "telephoner", "contacter"],
  aliases: { mappeler: "m'appeler", mappelez: "m'appelez", mrappeler: "me rappeler", marretez: "arretez" },
  hedges: "peut etre|je ne sais pas si|je pense que|je suppose",
  summary: [
    [
      "reported",
      "a demande (?:a |de |d')?(?:ne plus |ne pas |n'etre plus )?(?:etre )?(?:appele|rappele|contacte|retire|supprime|desinscrit|raye|sollicite)e?s?",
    ],
    [
      "reported",
      "a demande (?:a |de |d'|qu'on )?(?:ne plus|ne pas|ne) (?:l'|la |le |les )?(?:appeler|rappeler|contacter|appelle plus|rappelle plus)",
    ],
  ],
  summaryHints: [["hedged", "(?:agace|irrite|enerve|excede)e? par (?:les )?(?:\\w+ )?appels"]],
  denied: ["n'a pas demande (?:a|d')"],
};
