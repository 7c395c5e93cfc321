/**
 * Small English wording helpers for texts built from data: the article said before a word ("an Instagram post",
 * "a TikTok post") and a counted noun ("1 campaign", "3 campaigns").
 */

/** Words that start with a vowel letter but a consonant sound ("a YouTube", "a user", "a one-off"). */
const CONSONANT_SOUND = /^(?:uni|use|usu|uti|eu|one|once|y)/i;
/** Words that start with a consonant letter but a vowel sound ("an hour", "an honest"). */
const VOWEL_SOUND = /^(?:hour|honest|honou?r|heir)/i;

/** The indefinite article by sound: "an" before a vowel sound, otherwise "a". */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const w = word.trim();
  if (VOWEL_SOUND.test(w)) return 'an';
  if (CONSONANT_SOUND.test(w)) return 'a';
  return /^[aeiou]/i.test(w) ? 'an' : 'a';
}

/** The word with its indefinite article: "an Instagram", "a TikTok". */
export function withArticle(word: string): string {
  return `${indefiniteArticle(word)} ${word}`;
}

/** The noun for a count, singular for exactly one: "campaign" for 1, "campaigns" for 0 or 2. */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** A count with its noun: "1 campaign", "0 campaigns", "2 campaigns". */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${nounFor(count, singular, plural)}`;
}
