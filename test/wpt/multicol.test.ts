// The multi-column reftests of ../shared/wpt: css-multicol (css/css-multicol). Exactly the tests listed in
// expected-failures/multicol.txt must fail (see expected-failures-suite.ts), so that a test that
// starts or stops passing fails here until `npm run wpt:update-expected` rewrites the list.
import { describeExpectedFailures } from './expected-failures-suite.js';

describeExpectedFailures({
  name: 'multicol',
  title: 'multi-column reftests',
  // The same selection as `npm run wpt:update-expected:multicol` in package.json.
  suites: ['css-multicol'],
  updateScript: 'wpt:update-expected:multicol',
  timeoutMs: 600_000,
});
