/**
 * Content words and a crude stem, shared by the topic check and the decision check: a claim
 * about encryption that cites the incident-notification clause shares none of its content
 * words with it, whatever numbers or names it does or does not carry.
 */

/** Words that carry no topic (function words and the words every document uses). */
const STOP = new Set(
  (
    'about above after again against also although among another because been before being below between both cannot could does doing down during each ' +
    'either every from further have having here into itself just least more most must much near neither none nothing once only other ought over same ' +
    'shall should since some such than that their them then there these they this those through under until upon very were what when where whether ' +
    'which while whom whose will with within without would your yours ours which therefore thus however hence given based within each also said says ' +
    'state states stated note notes noted document section above below following follows include includes including ' +
    // Words that name the source or the act of applying it, not what it is about.
    'baseline rule rules requirement requirements require requires required guidance clause clauses policy memo letter apply applies applied ' +
    'allow allows allowed need needs needed still start starts first take took place give gave make made'
  ).split(/\s+/),
);

/**
 * A stem: the word without a plural "s", cut to its first five letters (enough to join
 * "encrypted" and "encryption", "notify" and "notification", "risk" and "risks").
 */
export const stem = (word: string): string => (word.length > 4 && /[^s]s$/.test(word) ? word.slice(0, -1) : word).slice(0, 5);

/** The stems of a text's content words (letters only, four letters or more, not stop words). */
export function contentStems(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/\p{L}[\p{L}'’-]*/gu)) {
    const word = m[0].replace(/['’]s$/u, '');
    if (word.length < 4 || STOP.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}
