// The text reftests of ../shared/wpt: CSS2-text (alignment, spacing, white space, bidi),
// CSS2-fonts, CSS2-linebox and CSS2-generated-content (quotes, counters). Exactly the tests
// listed in expected-failures/text.txt must fail (see expected-failures-suite.ts).
import { describeExpectedFailures } from './expected-failures-suite.js';

describeExpectedFailures({
  name: 'text',
  title: 'text, font, line box and generated content reftests',
  // The same selection as `npm run wpt:update-expected:text` in package.json.
  suites: ['CSS2-text', 'CSS2-fonts', 'CSS2-linebox', 'CSS2-generated-content'],
  updateScript: 'wpt:update-expected:text',
  timeoutMs: 400_000,
});
