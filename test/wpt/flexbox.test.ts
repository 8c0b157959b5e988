// The flexbox reftests of ../shared/wpt: css-flexbox (css/css-flexbox). Exactly the tests listed in
// expected-failures/flexbox.txt must fail (see expected-failures-suite.ts), so that a test that
// starts or stops passing fails here until `npm run wpt:update-expected` rewrites the list.
import { describeExpectedFailures } from './expected-failures-suite.js';

describeExpectedFailures({
  name: 'flexbox',
  title: 'flexbox reftests',
  // The same selection as `npm run wpt:update-expected:flexbox` in package.json.
  suites: ['css-flexbox'],
  updateScript: 'wpt:update-expected:flexbox',
  timeoutMs: 600_000,
});
