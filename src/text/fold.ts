/**
 * Text folded for matching phrases people say (opt-outs, an AI disclosure): the same words however they were
 * written, accented or not, in any case, with curly or straight apostrophes.
 */

/** Lower case, no accents, straight apostrophes, one space between words. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc\u00b4`]/g, "'")
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}' ,-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}
