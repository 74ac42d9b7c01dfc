/**
 * France's rules of the law of the place called (law-rules.ts says what a rule is). Art. D. 223-9 was read in the
 * decree as published in the Journal officiel (Légifrance); its second paragraph, the consent exception, in a mirror
 * of the official consolidated text (docs/compliance.md says why it is not applied).
 *
 * Art. D. 223-9 bans telemarketing on the holidays of art. L. 3133-1 of the Code du travail, the national list; some
 * regions add days of their own under other articles. Applying them is a reading beyond the letter of D. 223-9, in
 * the safe direction (it only refuses more). Each regional rule's calendar is the holiday library's for its regions,
 * narrowed to those a number may ring in (law-places.ts); a +33 number may ring in any of Alsace-Moselle's three
 * departments.
 */
import type { LawRule } from "../rules.js";
import { DAY_MS, hm, READ_2026_11_28, span, weekdays } from "./shape.js";

const DECREE = "https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000046421823";

export const FRANCE_RULES: readonly LawRule[] = [
  {
    id: "fr_hours",
    place: "FR",
    placeName: "France",
    purposes: ["telemarketing"],
    hours: weekdays(span(hm(10), hm(13)), span(hm(14), hm(20))),
    holidaysOf: "FR",
    source: {
      cite: "Code de la consommation, art. D. 223-9 al. 1 (décret n° 2022-1313 du 13 octobre 2022)",
      url: DECREE,
      quote:
        "n'est autorisée d'une part que du lundi au vendredi, sauf lorsque ces jours sont fériés en application de l'article L. 3133-1 du code du travail, et d'autre part seulement de 10 heures à 13 heures et de 14 heures à 20 heures, ces heures correspondant à celles du fuseau horaire du consommateur.",
      checked: "2026-11-25",
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "fr_frequency",
    place: "FR",
    placeName: "France",
    purposes: ["telemarketing"],
    frequency: { limit: 4, windowMs: 30 * DAY_MS },
    source: {
      cite: "Code de la consommation, art. D. 223-9 al. 3 (décret n° 2022-1313 du 13 octobre 2022)",
      url: DECREE,
      quote:
        "de démarcher ou de tenter de démarcher téléphoniquement un même consommateur plus de quatre fois au cours d'une période de trente jours calendaires.",
      checked: "2026-11-25",
      tier: "official",
    },
    origin: "built-in",
  },
  {
    id: "fr_alsace_moselle_holidays",
    place: "FR-57/67/68",
    placeName: "Alsace-Moselle (Moselle, Bas-Rhin, Haut-Rhin), France",
    purposes: ["telemarketing"],
    holidaysOf: "FR-57/67/68",
    note: "Beyond the letter of D. 223-9, which names the national list: applied as it only refuses more. Good Friday is a holiday there only in communes with a Protestant or mixed church; a number does not tell the commune, and no +33 number tells the department (ARCEP's de-zoning), so every +33 number meets the rule. Read on secondary pages: the copy of the chapter read on Légifrance stops before art. L. 3134-13.",
    source: {
      cite: "Code du travail, art. L. 3134-13 (the public holidays of Moselle, Bas-Rhin and Haut-Rhin), beyond the letter of Code de la consommation art. D. 223-9; read on secondary sources",
      url: "https://www.gazettemoselle.fr/article/vendredi-saint-en-moselle-les-commerces-dans-un-contexte-historique-et-juridique",
      quote:
        "Par rapport au droit général, l'Alsace et la Moselle comptent deux jours supplémentaires : le 26 décembre ou deuxième jour de Noël et dans les communes ayant un temple protestant ou une église mixte, le Vendredi Saint.",
      checked: READ_2026_11_28,
      tier: "secondary",
    },
    origin: "built-in",
  },
  {
    id: "fr_overseas_holidays",
    place: "FR-GP/MQ/GF/RE/YT/BL/MF",
    placeName: "Guadeloupe, Martinique, Guyane, La Réunion, Mayotte, Saint-Barthélemy, Saint-Martin (France)",
    purposes: ["telemarketing"],
    holidaysOf: "FR-GP/MQ/GF/RE/YT/BL/MF",
    note: "Beyond the letter of D. 223-9, which names the national list: applied as it only refuses more, each number held to the days of the territories it may ring in (+590 any of Guadeloupe, Saint-Barthélemy and Saint-Martin; +262 La Réunion or Mayotte by range). The holiday library also lists Good Friday in Guadeloupe and Martinique; no text for it was read, and it is kept.",
    source: {
      cite: "Code du travail, art. L. 3422-2; loi n° 83-550 du 30 juin 1983 and décret n° 83-1003 du 23 novembre 1983 (commemoration of the abolition of slavery), beyond the letter of Code de la consommation art. D. 223-9",
      url: "https://www.legifrance.gouv.fr/affichCode.do?idSectionTA=LEGISCTA000006178062&cidTexte=LEGITEXT000006072050&dateTexte=20190521",
      quote:
        "En Guadeloupe, en Guyane, en Martinique, à Mayotte, à La Réunion, à Saint-Barthélemy et à Saint-Martin, les journées de commémoration de l'abolition de l'esclavage ci-après désignées sont des jours fériés : 1° Le 27 avril à Mayotte ; 2° Le 22 mai en Martinique ; 3° Le 27 mai en Guadeloupe et à Saint-Martin ; 4° Le 10 juin en Guyane ; 5° Le 9 octobre à Saint-Barthélemy ; 6° Le 20 décembre à La Réunion.",
      checked: READ_2026_11_28,
      tier: "official",
    },
    origin: "built-in",
  },
];
