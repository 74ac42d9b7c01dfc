/**
 * A line that is only a farewell ("Night.", "Bye then.", "Buenas noches.", "Tschüss.", "晚安。", "おやすみなさい。") says
 * nothing of the calls: the call's end, not a request. Its words share a time's ("night"), so the learned reader, which
 * holds times on purpose, is not asked about it. Folded text, whole line.
 */
const FAREWELL = new RegExp(
  "^(?:(?:good ?)?(?:night|nite|bye|bye bye|byebye)|goodbye|cheers|take care|see you|see ya|later|ciao|adios|hasta luego|" +
    "buenas noches|bonne nuit|au revoir|salut|bonsoir|tschuss|gute nacht|auf wiedersehen|buonanotte|arrivederci|" +
    "boa noite|tchau|adeus|doei|goedenacht|welterusten|do widzenia|dobranoc|再见|晚安|拜拜|おやすみ(?:なさい)?|さようなら|" +
    "じゃあね|शुभ रात्रि|अलविदा|alvida|مع السلامه|تصبح علي خير|باي)" +
    "(?:[\\s,.!]+(?:then|now|thanks|thank you|merci|gracias|grazie|danke|obrigad[oa]|dank je|dziekuje))*[\\s,.!。！]*$",
);

export const farewellAlone = (folded: string): boolean => FAREWELL.test(folded);
