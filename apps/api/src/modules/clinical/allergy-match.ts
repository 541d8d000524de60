/**
 * Whether a medication's name names an allergy's substance: case-insensitive, whole words
 * ("Penicillin V" names penicillin; "amoxicillin" does not name cillin). Both texts are cut into
 * words and compared word by word, so no regular expression is ever built from what a user
 * typed: hostile text costs time linear in its length (both are at most 200 characters).
 */

/** Letters and digits of any script form words; everything else separates them. */
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** The words of a text, compatibility-folded and lower-cased ("ＰＥＮＩＣＩＬＬＩＮ" → "penicillin"). */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('und')
    .split(SEPARATORS)
    .filter((word) => word !== '');
}

/** Whether `needle` occurs in `haystack` as a run of consecutive whole words. */
function hasWordRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (needle.every((word, offset) => haystack[start + offset] === word)) return true;
  }
  return false;
}

/** The allergies (of those given) whose substance the medication names. */
export function allergiesNamedBy<Allergy extends { substance: string }>(
  medication: string,
  allergies: readonly Allergy[],
): Allergy[] {
  const medicationWords = wordsOf(medication);
  return allergies.filter((allergy) => hasWordRun(medicationWords, wordsOf(allergy.substance)));
}
