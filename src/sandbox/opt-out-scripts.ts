/**
 * The sandbox's people who say no: answered calls in which the person asks not
 * to be called again, in English, Spanish (a Florida number) and French (a
 * Canadian one), so the server's opt-out list can be seen at work.
 */
import type { ScriptLine } from "./personas.js";

export type OptOutLanguage = "en" | "es" | "fr";

export const OPT_OUT_SCRIPTS: Record<OptOutLanguage, { conversation: ScriptLine[]; summary: string }> = {
  en: {
    conversation: [
      { speaker: "agent", text: "Hi, this is an automated assistant calling{company}. Am I speaking with {name}?" },
      { speaker: "contact", text: "Yes. Please stop calling me and take me off your list." },
      { speaker: "agent", text: "Understood, we will not call you again. Goodbye." },
    ],
    summary: "{who} asked not to be called again.",
  },
  es: {
    conversation: [
      { speaker: "agent", text: "Hola, le habla un asistente automático{company}. ¿Hablo con {name}?" },
      { speaker: "contact", text: "Sí. No me vuelva a llamar, por favor. Sáquenme de su lista." },
      { speaker: "agent", text: "Entendido, no le volveremos a llamar. Adiós." },
    ],
    summary: "{who} pidió no ser llamado de nuevo.",
  },
  fr: {
    conversation: [
      { speaker: "agent", text: "Bonjour, ici un assistant automatisé{company}. Suis-je bien avec {name} ?" },
      { speaker: "contact", text: "Oui. Arrêtez de m'appeler, s'il vous plaît, et retirez-moi de votre liste." },
      { speaker: "agent", text: "C'est noté, nous ne vous rappellerons plus. Au revoir." },
    ],
    summary: "{who} a demandé à ne plus être appelé.",
  },
};
