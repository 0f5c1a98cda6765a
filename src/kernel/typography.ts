/**
 * Typography rules text is held to wherever it is joined: a template that adds a full stop
 * after a value already ending with one ("… password resets." + ".") must not print "resets..".
 */

/**
 * Two full stops closing a word become one: "resets.." → "resets.", "Ltd..)" → "Ltd.)". An
 * ellipsis ("...", "…") is left alone, and so are dots that are not ending a sentence: a range
 * ("1..10"), a relative path ("../x") or anything else followed by a letter or digit.
 */
export function collapseDoubledFullStops(text: string): string {
  return text.replace(/(?<=[\p{L}\p{N})\]"'’”*_])\.\.(?![.\p{L}\p{N}/\\])/gu, '.');
}

/**
 * `next` as it reads after `previous` when the two are joined but written apart (runs of other
 * formatting, text on either side of a note mark): its leading full stop goes when `previous`
 * already closed the sentence, by the same rule as {@link collapseDoubledFullStops}.
 */
export function afterFullStop(previous: string, next: string): string {
  return /[\p{L}\p{N})\]"'’”]\.$/u.test(previous) && /^\.(?![.\p{L}\p{N}/\\])/u.test(next) ? next.slice(1) : next;
}
