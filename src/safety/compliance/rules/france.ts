/**
 * France's rules of the law of the place called (law-rules.ts says what a rule is). Art. D. 223-9 was read in the
 * decree as published in the Journal officiel (Légifrance); its second paragraph, the consent exception, in a mirror
 * of the official consolidated text (docs/compliance.md says why it is not applied).
 */
import type { LawRule } from "../law-rules.js";
import { DAY_MS, hm, span, weekdays } from "./shape.js";

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
];
