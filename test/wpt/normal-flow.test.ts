// The normal-flow reftests of ../shared/wpt: CSS2-normal-flow (css/CSS2/normal-flow: block
// widths and heights, inline-blocks, min/max sizes, BFC roots beside floats). Exactly the tests
// listed in expected-failures/normal-flow.txt must fail (see expected-failures-suite.ts), so that
// a test that starts or stops passing fails here until `npm run wpt:update-expected` rewrites
// the list.
import { describeExpectedFailures } from './expected-failures-suite.js';

describeExpectedFailures({
  name: 'normal-flow',
  title: 'normal-flow reftests',
  // The same selection as `npm run wpt:update-expected:normal-flow` in package.json.
  suites: ['CSS2-normal-flow'],
  updateScript: 'wpt:update-expected:normal-flow',
  timeoutMs: 400_000,
});
