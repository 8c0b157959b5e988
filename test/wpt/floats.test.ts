// The float reftests of ../shared/wpt: CSS2-floats (css/CSS2/floats) and CSS2-floats-clear
// (css/CSS2/floats-clear). Exactly the tests listed in expected-failures/floats.txt must fail
// (see expected-failures-suite.ts), so that a test that starts or stops passing fails here until
// `npm run wpt:update-expected` rewrites the list.
import { describeExpectedFailures } from './expected-failures-suite.js';

describeExpectedFailures({
  name: 'floats',
  title: 'float reftests',
  // The same selection as `npm run wpt:update-expected:floats` in package.json.
  suites: ['CSS2-floats', 'CSS2-floats-clear'],
  updateScript: 'wpt:update-expected:floats',
  timeoutMs: 300_000,
});
