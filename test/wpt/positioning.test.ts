// The positioning reftests of ../shared/wpt: CSS2-positioning, CSS2-abspos and CSS2-zindex
// (css/CSS2/positioning, abspos, zindex). Exactly the tests listed in
// expected-failures/positioning.txt must fail (see expected-failures-suite.ts), so that a test
// that starts or stops passing fails here until `npm run wpt:update-expected` rewrites the list.
import { describeExpectedFailures } from './expected-failures-suite.js';

describeExpectedFailures({
  name: 'positioning',
  title: 'positioning and z-index reftests',
  // The same selection as `npm run wpt:update-expected:positioning` in package.json.
  suites: ['CSS2-positioning', 'CSS2-abspos', 'CSS2-zindex'],
  updateScript: 'wpt:update-expected:positioning',
  timeoutMs: 400_000,
});
