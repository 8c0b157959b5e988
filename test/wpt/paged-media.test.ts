// The paged-media reftests of ../shared/wpt: suite css-page (css/css-page, whose margin-boxes
// folder holds the @page margin-box tests: the manifest has no separate suite for them) and
// CSS2-pagination (css/CSS2/pagination). Exactly the tests listed in
// expected-failures/paged-media.txt must fail (see expected-failures-suite.ts), so that a test
// that starts or stops passing fails here until `npm run wpt:update-expected` rewrites the list.
import { describeExpectedFailures } from './expected-failures-suite.js';

describeExpectedFailures({
  name: 'paged-media',
  title: 'paged-media reftests',
  // The same selection as `npm run wpt:update-expected:paged` in package.json.
  suites: ['css-page', 'CSS2-pagination'],
  updateScript: 'wpt:update-expected:paged',
  timeoutMs: 300_000,
});
