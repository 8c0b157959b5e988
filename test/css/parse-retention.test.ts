// A render lets go of its document and options once it returns: css-tree's parser keeps the
// last onParseError it was given until its next parse, so that callback must not reach them.
import { queryObjects } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render.js';

/** Render options of a class of their own, so that the live ones can be counted. */
class CountedOptions {
  readonly deterministic = true;
}

describe('memory between renders', () => {
  it('nothing keeps the last render’s options (and with them its document) alive', async () => {
    // The last parse of this render is the style attribute's (its value was parsed, and cached, before).
    await render({ type: 'html', data: { html: '<p>Text</p><p style="color: red">More</p>', css: 'p { color: red }' } }, new CountedOptions());
    // queryObjects collects garbage first, then counts the live instances.
    expect(queryObjects(CountedOptions, { format: 'count' })).toBe(0);
  });
});
