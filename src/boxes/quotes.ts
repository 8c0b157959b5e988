// `quotes: auto` (css-content-3 §3.1): quotation marks appropriate to the content language
// (the `lang` of the element, ComputedStyle.lang). The table is what Chromium's print shows
// for each language (its CLDR-derived table): outer open, outer close, inner open, inner close.

const TABLE: Readonly<Record<string, string>> = {
  ar: '”“’‘',
  bg: '„“„“',
  ca: '«»“”',
  cs: '„“‚‘',
  da: '“”‘’',
  de: '„“‚‘',
  el: '«»“”',
  en: '“”‘’',
  es: '“”‘’',
  et: '„“‚‘',
  fi: '””’’',
  fr: '«»«»',
  'fr-ch': '«»‹›',
  he: '””’’',
  hr: '„“‚‘',
  hu: '„”»«',
  it: '«»“”',
  ja: '「」『』',
  ko: '“”‘’',
  lt: '„“„“',
  lv: '“”‘’',
  nb: '«»‘’',
  nl: '‘’‘’',
  no: '«»‘’',
  pl: '„”«»',
  pt: '“”‘’',
  ro: '„”«»',
  ru: '«»„“',
  sk: '„“‚‘',
  sl: '„“‚‘',
  sv: '””’’',
  tr: '“”‘’',
  uk: '«»„“',
  zh: '“”‘’',
  'zh-hant': '「」『』',
};

const cache = new Map<string, readonly string[]>();

/**
 * The quote pairs for a lower-cased language tag: the longest listed prefix of the tag
 * (`de-at` → `de`), English quotes for an unknown or empty one.
 */
export function autoQuotes(lang: string): readonly string[] {
  let pairs = cache.get(lang);
  if (!pairs) {
    let tag = lang;
    let marks = TABLE[tag];
    while (marks === undefined && tag.includes('-')) {
      tag = tag.slice(0, tag.lastIndexOf('-'));
      marks = TABLE[tag];
    }
    pairs = Object.freeze([...(marks ?? TABLE.en!)]);
    // Bounded by the distinct lang attributes of the documents rendered; cleared if huge.
    if (cache.size > 1000) cache.clear();
    cache.set(lang, pairs);
  }
  return pairs;
}
