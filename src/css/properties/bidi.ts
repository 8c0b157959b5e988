// unicode-bidi (css-writing-modes-3 §2.2): how an element's content takes part in the Unicode
// bidirectional algorithm: as an embedding, an isolate or an override of its `direction`.
import { keywordLonghand, type LonghandDef } from './registry.js';

export const UNICODE_BIDI_VALUES = ['normal', 'embed', 'isolate', 'bidi-override', 'isolate-override', 'plaintext'] as const;

export const BIDI_LONGHANDS: readonly LonghandDef[] = [
  keywordLonghand('unicode-bidi', 'unicodeBidi', false, UNICODE_BIDI_VALUES),
];
