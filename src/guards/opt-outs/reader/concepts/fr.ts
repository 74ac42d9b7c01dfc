/**
 * French concept words (concepts.ts): France, Belgium, Switzerland and Quebec (pu, chu, tanné, icitte, pantoute).
 * Folded text: no accents, hyphens are spaces ("appelez moi"). `~` ends a stem.
 */
import type { ConceptSource } from "../concepts.js";

export const fr: ConceptSource = {
  lang: "fr",
  script: "latin",
  entries: [
    // A stop said to someone beside the callee, then excused ("stop, you make me laugh — sorry, that's my son").
    [
      "OKCALL",
      "(?:arrete(?:z)?(?: ca)?|ca suffit|stop|laisse tomber)(?:(?!appel|telephon|contact|rappel)[^.?!]){0,60}?(?:pardon|desole|desolee|excusez moi|excuse moi)[,.!]? (?:c'est|c'etait|je parlais a) (?:mon|ma|mes|notre) [a-z]+",
    ],
    // The callee calling back themself ("I'll call back to rebook"): contact kept, not refused.
    ["CALL LATER", "je (?:vous )?rappellerai|je (?:vous )?rappelle (?:plus tard|demain|pour)"],
    // This call welcomed after talk of something else ("anyway, what's this about?"), or told it is not meant.
    [
      "OKCALL",
      "(?:bon|bref|enfin|bon ben|bon bah|anyway|sinon|donc)[,.]? (?:c'est (?:pour|a propos de) quoi|c'est a quel sujet|qu'est ce (?:que je peux faire pour vous|que vous vouliez|qu'il y a)|vous disiez)|c'est a quel sujet|(?:ce n'est|c'est|c'etait) pas (?:pour|contre|a) vous|rien a voir avec vous",
    ],
    // The calls said not to bother, or the caller reassured ("they don't bother me", "vous ne me dérangez pas"); not the
    // request "don't bother me".
    [
      "OKCALL",
      "(?:ca|cela|ils|elles|les appels|vos appels|les rappels)(?: ne)? (?:me |nous )?(?:derange(?:nt)?|embete(?:nt)?|ennuie(?:nt)?) (?:pas|aucunement|jamais)|(?<=^|[.,!?] )continuez(?= ?[.,!?]|$)|(?:vous|ca|cela|ils) ne (?:me |nous )?derange(?:z|nt)? (?:pas|absolument pas|pas du tout)",
    ],
    [
      "WANT",
      "(?:ce serait|ca serait|ce sera|c'est) (?:peut etre )?(?:mieux|bien|super|genial|plus simple|preferable) (?:si|de)|(?:ca vous va|ca vous derange|ca vous gene) si",
    ],
    ["REPEAT", "(?:trop |tres |assez |bien |quand meme )?souvent|trop (?:d'appels|de fois)|(?<!au |du )moins(?! cher)"],
    ["CALL MORE", "recontact~"],
    [
      "HOWGOT",
      "(?:qui|ou|comment|d'ou) (?:\\w+ ){0,4}?(?:donne|eu|trouve|obtenu|pris|recupere|avez|as|a|vient|viens) (?:\\w+ ){0,2}?(?:mon|ce|notre|le) (?:\\w+ )?(?:numero|telephone|contact|coordonnees|portable)",
    ],
    [
      "RETRACT",
      "oubli(?:ez|e) ce que (?:je vous ai|j'ai) dit|laissez tomber ce que j'ai dit|je retire ce que j'ai dit|ne tenez pas compte de ce que j'ai dit|c'etait pour rire|je plaisante|je rigole",
    ],
    [
      "OKCALL",
      "(?:vous pouvez|tu peux|vous pourrez) (?:continuer a |toujours |bien )?(?:m'|nous |me )?(?:appel~|rappel~|contact~|telephon~|joindre)|(?<!vous )(?<!ils )continuez a (?:m'|nous )?(?:appel~|envoyer)|je veux (?:continuer a )?(?:les recevoir|mes rappels|les rappels)|(?:les |vos |mes )?(?:appels|rappels) (?:me conviennent|sont utiles|me vont|ca va)|(?:les |vos |mes )?(?:appels|rappels),? c'est (?:tres |tout a fait |vraiment )?(?:bien|parfait|utile|pratique)|(?:appelez|rappelez|appelle|rappelle) moi|ne me (?:retirez|supprimez|enlevez|rayez) pas|aucun probleme|pas de souci",
    ],
    [
      "NAMING",
      "madame|monsieur|mademoiselle|ma belle|mon grand|cherie|cheri|mon cher|ma chere|mon pote|jeune homme|jeune fille|mamie|papi|tata|tonton|ma petite|mon petit|maitre|docteur|professeur|patron|patronne",
    ],
    ["RECORD", "enregistr~"],
    [
      "OTHERLIST",
      "adresses?|commandes?|panier|listes? (?:d'attente|de diffusion|de mariage|de courses|d'invites)|groupes?|chat|whatsapp|newsletter|lettre d'information|courriels?|e mails?|mails?|magazine|abonnement|factures? papier|papier|cartes? (?:bancaires?|bleues?|de credit)|(?:la|cette|ma|l'ancienne|l'autre) carte|visa|mastercard|factures?",
    ],
    ["MEDIA SAY", "ca dit|il est ecrit|c'est ecrit|on lit"],
    [
      "MEDIA",
      "pubs?|publicite|reclame|televis~|tele|tv|radio|lettre|courrier|affiche|site|film|serie|chanson|video|spot|annonce|prospectus",
    ],
    [
      "NEG SAY",
      "ce n'est pas que|c'est pas que|non pas que|(?:je ne veux pas|faudrait pas) que vous (?:pensiez|croyiez) que",
    ],
    [
      "THIRD",
      "(?:mon|ma|mes|sa|son|ses|notre|nos|une|un|le|la|votre) (?:\\w+ )?(?:mari|femme|epouse|epoux|fils|fille|enfants?|mere|pere|maman|papa|frere|soeur|voisine?s?|amie?s?|copain|copine|collegue|patron|patronne|belle mere|beau pere|grand mere|grand pere|tante|oncle|cousine?|type|gars|mec|bonhomme|dame|blonde|chum|conjointe?)|(?:il|elle|ils|elles|quelqu'un)(?= )",
    ],
    ["SAY OTHER", "dites leur|dis leur|dites lui|dis lui"],
    [
      "OTHER",
      "leur|eux|lui|a (?:son|sa|leur|mon|ma) (?:operateur|banque|assurance|fournisseur|mutuelle|agence)|cette (?:societe|entreprise|boite)|l'autre (?:societe|entreprise)|une autre (?:societe|entreprise)|ces gens",
    ],
    [
      "SAY",
      "dit|dis|disent|disait|disais|dire|dites|demand~|cri(?:e|ent|ait|er)|hurl~|ecri(?:t|vent|vait)|repond~|racont~|gueul~|reclam(?:e|ait)",
    ],
    [
      "IF",
      "si|s'il(?! vous plait| te plait)|quand vous voulez|a tout moment|au cas ou|si jamais|n'importe quand|si vous (?:preferez|voulez|souhaitez)|pour(?= (?:ne plus|arreter de|ne pas))",
    ],
    ["NOW", "maintenant|en ce moment|aujourd'hui|cette semaine|tout de suite|pour l'instant"],
    [
      "LATER",
      "plus tard|apres|demain|ce soir|dans (?:une|un|deux|\\w+) (?:heure|heures|minutes|moment)|la veille|la semaine prochaine|un autre jour|vers \\w+ heures|a \\w+ heures|si tot|trop tot|si tard|trop tard|le (?:dimanche|samedi|week end)|pendant (?:le|les) (?:repas|heures de bureau)|avant \\w+ heures|a l'heure du (?:repas|diner|dejeuner)",
    ],
    [
      "NOTINT",
      "(?:ca |cela )?(?:ne )?m'interesse pas|pas interess~|aucun interet|pas d'interet|chu pas interess~|ca m'interesse pas",
    ],
    [
      "ANNOY",
      "marre|tanne~|ras le bol|saoul~|soul(?:ant|e|ez)|enerv~|agac~|penible|insupportable|exasper~|j'en peux plus|c'est pas vrai|tabarnak|calisse|crisse|ostie|merde|putain",
    ],
    ["REPEAT CALL", "(?<=vous |ils )continu(?:ez|ent) (?:a|de) (?:m'|nous )?appel~"],
    ["REPEAT", "moins souvent|moins frequemment|si souvent|aussi souvent"],
    [
      "REPEAT",
      "tous les jours|chaque (?:jour|semaine|matin|soir|heure)|(?:\\w+|\\d+) fois (?:par|aujourd'hui|cette|ce|de suite|que)|combien de fois|(?:troisieme|quatrieme|cinquieme|\\w+ieme) fois|sans arret|tout le temps|a longueur de journee|encore (?:vous|une fois)|ca fait \\w+ fois",
    ],
    ["THREAT", "plainte|signal(?:er|erai|e)|avocat|police|gendarmerie|cnil|dgccrf|arcep|tribunal"],
    ["SAY BEFORE", "(?:j'ai|je vous ai|je t'ai) deja dit"],
    [
      "BEFORE",
      "la semaine derniere|la derniere fois|l'autre jour|avant|hier|le mois (?:dernier|passe)|mille fois|plusieurs fois",
    ],
    ["CONSENT", "consentement|(?:mon|votre|l'|cet) accord|autorisation|permission|coche la case"],
    [
      "WITHDRAW",
      "retir(?:e|er|ons)(?= (?:mon|le|votre|l'|ce|cet|cette) (?:\\w+ )?(?:consentement|accord|autorisation|permission))|revoqu~|annul(?:e|er)(?= (?:mon|le) (?:consentement|accord))|je m'y oppose|je m'oppose|opposition|je reviens sur",
    ],
    [
      "REMOVE",
      "(?:ne (?:pas|plus) |n')(?:etre|rester|figurer)(?= (?:sur|dans) (?:votre|la|cette|vos|leur) (?:\\w+ )?(?:liste|fichier|base))",
    ],
    // Spoken French drops the "ne": "appelez plus ici" (not "appelez plus tard").
    [
      "NEG MORE",
      "plus(?<=(?:appelez|appelle|appeler|rappelez|rappelle|telephonez) plus)(?! (?:tard|tot|souvent|vite|fort|de |d'|que))",
    ],
    ["NEG MORE WANT", "(?:j'en|on en|en) (?:veux|veut|voulons|voulez) (?:plus|pas)"],
    ["RECEIVE", "recevoir|recois|recoit|recoive~"],
    ["NEVER MORE", "plus jamais|pu jamais|pus jamais|jamais plus"],
    ["NEVER", "jamais"],
    [
      "STOP CALL",
      "foutez moi la paix|fichez moi la paix|laissez moi tranquille|lachez moi|(?:soit|sera|etait|est) le dernier (?:appel|coup de fil)|le dernier appel de (?:votre|vous)",
    ],
    ["STOP", "arret~|cess~|stop|stoppe~|assez|ca suffit|suffit|termine|terminee?s?|c'est fini|finis?|basta|mettre fin"],
    [
      "REMOVE ME",
      "(?:retir|enlev|supprim|effac|ray|sort|desinscri|radi)(?:ez|e|er|es)? moi|(?:me |m')(?:retir|enlev|supprim|effac|ray|sort|desinscri|radi)~",
    ],
    [
      "REMOVE",
      "retir~|enlev~|supprim~|effac~|ray(?:ez|er|e)|radi(?:ez|er)|desinscri~|desabonn~|sort(?:ez|ir)|oubli(?:ez|e)(?= (?:mon|ce) numero)",
    ],
    ["REMOVE LIST", "bloctel|pacitel|liste d'opposition|liste rouge"],
    ["LIST", "listes?|fichiers?|bases? de donnees|registre|systeme|repertoire|annuaire|contacts|campagne"],
    ["NUMBER", "(?:mon|ce|votre|notre|le) (?:\\w+ )?(?:numero|telephone|portable|fixe|ligne)"],
    [
      "CALL",
      "appel~|rappel~|telephon~|contact~|demarch~|harcel~|derang~|embet~|importun~|sollicit~|joindre|coups? de fil|entend~ parler de (?:vous|toi|votre)|sms|textos?",
    ],
    ["WANT", "veu[xt]|voul~|souhait~|desir~|aim~|prefer~|besoin"],
    ["KEEP", "continu~|toujours|garder|rester"],
    [
      "MORE",
      "plus|pu|pus|a nouveau|de nouveau|encore|desormais|dorenavant|a l'avenir|a partir de maintenant|a partir d'aujourd'hui|une autre fois",
    ],
    [
      "NEG",
      "(?:ne|n')(?=(?: ?\\S+){0,4}? (?:pas|plus|jamais|rien|personne|aucun[a-z]*|que|qu'|ni|guere)(?![a-z]))|pas|non|aucun~|personne|rien|ni",
    ],
    ["ME", "me|m'|moi|nous"],
    ["YOU", "vous|votre|vos|tu|te|t'|toi|ton|ta|tes|vous autres"],
  ],
};
