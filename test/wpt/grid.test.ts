// The grid reftests of ../shared/wpt: css-grid (css/css-grid). Exactly the tests listed in
// expected-failures/grid.txt must fail (see expected-failures-suite.ts), so that a test that
// starts or stops passing fails here until `npm run wpt:update-expected` rewrites the list.
import { describeExpectedFailures } from './expected-failures-suite.js';

describeExpectedFailures({
  name: 'grid',
  title: 'grid reftests',
  // The same selection as `npm run wpt:update-expected:grid` in package.json.
  suites: ['css-grid'],
  updateScript: 'wpt:update-expected:grid',
  timeoutMs: 600_000,
});
