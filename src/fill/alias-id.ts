// Alias ids for fields read from a PDF: the payload key a caller writes for a field, made from
// its name the way people write JSON keys ("Short text" → shortText, "Tax ID" → taxId).

/** camelCase of a field name: words split at spaces, punctuation and case changes. */
export function camelCaseId(name: string): string {
  const words = name
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2') // firstName → first Name
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2') // HTMLParser → HTML Parser
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  const id = words.map((word, i) => (i === 0 ? word.toLowerCase() : capitalize(word.toLowerCase()))).join('');
  return id === '' ? 'field' : id;
}

/** The ids made unique in order: a repeat gets the first free numeric suffix (name, name2 …). */
export function uniqueIds(ids: readonly string[]): string[] {
  const taken = new Set<string>();
  return ids.map((id) => {
    let unique = id;
    for (let n = 2; taken.has(unique); n++) unique = `${id}${n}`;
    taken.add(unique);
    return unique;
  });
}

function capitalize(word: string): string {
  const first = String.fromCodePoint(word.codePointAt(0)!);
  return first.toUpperCase() + word.slice(first.length);
}
