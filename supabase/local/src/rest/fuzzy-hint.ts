// "Perhaps you meant …" suggestions, scored like PostgREST's fuzzy set: candidates that share a
// character bigram with the query, ranked by edit distance relative to the longer string.

function bigrams(text: string): Set<string> {
  const padded = `-${text.toLowerCase()}-`;
  const grams = new Set<string>();
  for (let i = 0; i + 2 <= padded.length; i += 1) grams.add(padded.slice(i, i + 2));
  return grams;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The candidate closest to `query` with a score of at least `minScore` (0..1), if any. */
export function closestMatch(query: string, candidates: Iterable<string>, minScore: number): string | undefined {
  const queryGrams = bigrams(query);
  const lowered = query.toLowerCase();
  let best: { candidate: string; score: number } | undefined;
  for (const candidate of candidates) {
    if (![...bigrams(candidate)].some((gram) => queryGrams.has(gram))) continue;
    const lower = candidate.toLowerCase();
    const score = 1 - levenshtein(lowered, lower) / Math.max(lowered.length, lower.length, 1);
    if (score >= minScore && (!best || score > best.score)) best = { candidate, score };
  }
  return best?.candidate;
}
