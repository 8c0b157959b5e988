// The table reftests of ../shared/wpt (suites css-tables and CSS2-tables): exactly the tests
// listed in expected-failures/tables.txt must fail (see expected-failures-suite.ts), so that a
// test that starts or stops passing fails here until `npm run wpt:update-expected` rewrites the
// list.
import { describeExpectedFailures } from './expected-failures-suite.js';

describeExpectedFailures({
  name: 'tables',
  title: 'table reftests',
  // The same selection as `npm run wpt:update-expected:tables` in package.json.
  suites: ['css-tables', 'CSS2-tables'],
  updateScript: 'wpt:update-expected:tables',
  timeoutMs: 300_000,
});
