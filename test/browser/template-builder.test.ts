// The template builder in a customer's iframe, driven as a user drives it — keyboard placement,
// drag from the sidebar, drawing, moving, resizing, multi-select, marquee, renaming, delete,
// undo, copy and paste, moving a field to another page by keyboard and by mouse, submit without
// and with the required fields — with the exact sequence and content of the events the parent
// receives, the two commands (and one from another window, ignored), the saved template filled
// by its aliasIds, the official @anvilco/anvil-embed-frame component, a hidden title bar, a
// replaced document, a field's style previewed on its box, fields marked on the thumbnails, and
// the pages scrolling under a drag held near their edge.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { post } from '../server/helpers.js';
import { seriousViolations } from './axe.js';
import { createCast, embedUrl, NDA_PDF } from './objects.js';
import { builderFrame, openParent, type EventRecord, type ParentPage } from './parent-page.js';
import { browserSuite } from './suite.js';

const suite = browserSuite();

const PRESETS = [
  { name: 'Full name', type: 'fullName', aliasId: 'name', required: true },
  { name: 'Email', type: 'email', aliasId: 'email' },
  { name: 'Signed on', type: 'date', aliasId: 'signedOn', format: 'MMMM Do YYYY', fontSize: 14, alignment: 'right' },
  { name: 'Signature', type: 'signature', aliasId: 'sig', required: true },
];

const OPTIONS = {
  mode: 'preset-fields',
  fields: PRESETS,
  pageTitle: 'Set up the offer letter',
  finishButtonText: 'Save template',
  title: 'Offer letter fields',
  description: 'Place each field where it belongs.',
  selectionDescription: 'Change the selected field.',
  selectionAddAnotherFieldText: 'Or add another field:',
};

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element not visible');
  return found;
}

function field(frame: Frame, id: string): Locator {
  return frame.locator(`[data-field-id="${id}"]`);
}

/** Waits for `count` events in all, and returns those after the first `from`. */
async function eventsSince(parent: ParentPage, from: number, count: number): Promise<EventRecord[]> {
  await parent.page.waitForFunction(`window.quireEvents.length >= ${from + count}`);
  return (await parent.events()).slice(from);
}

/** The next three events are a successful submit: castEditSubmit, castEditSubmitSuccess, castEditComplete. */
async function expectSubmitted(parent: ParentPage, seen: number, base: object): Promise<void> {
  expect(await eventsSince(parent, seen, 3)).toEqual([
    { action: 'castEditSubmit', ...base },
    { action: 'castEditSubmitSuccess', ...base },
    { action: 'castEditComplete', ...base },
  ]);
}

const record = (id: string, preset: (typeof PRESETS)[number], pageNum = 0, name = preset.name) => ({ id, aliasId: preset.aliasId, name, type: preset.type, required: preset.required ?? false, pageNum });

/** The next two events are a field of `preset` added and then selected; its id and record. */
async function expectPlaced(parent: ParentPage, seen: number, preset: (typeof PRESETS)[number], base: object): Promise<{ id: string; record: ReturnType<typeof record> }> {
  const events = await eventsSince(parent, seen, 2);
  const id = (events[0]!.fieldsAdded as { id: string }[])[0]!.id;
  const placed = record(id, preset);
  expect(events).toEqual([
    { action: 'castEditFieldsAdded', fieldsAdded: [placed], ...base },
    { action: 'castEditSelectedFieldsChanged', fieldsSelected: [placed], ...base },
  ]);
  return { id, record: placed };
}

describe('template builder', { timeout: 240_000 }, () => {
  it('places, edits and submits fields, posting every event in order; commands from the parent only', async () => {
    const castEid = await createCast(suite.server);
    const { url } = await embedUrl(suite.server, castEid, 'edit-pdf-template', OPTIONS);
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    const base = { castEid, organizationSlug: suite.organizationSlug };
    expect(await eventsSince(parent, 0, 1)).toEqual([{ action: 'castEditLoad', ...base }]);
    const page0 = frame.locator('.pdf-page[data-page="0"]');
    await page0.locator('canvas').waitFor();
    // The options' texts are shown.
    await frame.getByRole('heading', { name: 'Set up the offer letter' }).waitFor();
    await frame.getByRole('heading', { name: 'Offer letter fields' }).waitFor();
    await frame.getByText('Place each field where it belongs.').waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    let seen = 1;

    // 1. Keyboard: focus a preset, Enter places it on the current page and focuses it; the
    //    arrow keys move it, Alt+arrow resizes it (neither changes a record: no event).
    await frame.getByRole('button', { name: 'Add Full name' }).focus();
    await parent.page.keyboard.press('Enter');
    let events: EventRecord[];
    const { id: nameId, record: nameRecord } = await expectPlaced(parent, seen, PRESETS[0]!, base);
    seen += 2;
    const placed = await box(field(frame, nameId));
    expect(await frame.evaluate('document.activeElement && document.activeElement.getAttribute("data-field-id")')).toBe(nameId);
    for (let i = 0; i < 5; i++) await parent.page.keyboard.press('ArrowRight');
    await parent.page.keyboard.press('Shift+ArrowDown');
    await parent.page.keyboard.press('Alt+ArrowRight');
    await expect.poll(async () => (await box(field(frame, nameId))).x).toBeGreaterThan(placed.x + 2);
    const moved = await box(field(frame, nameId));
    expect(moved.y).toBeGreaterThan(placed.y + 5);
    expect(moved.width).toBeGreaterThan(placed.width);
    await parent.screenshot('template-builder-placed');

    // 2. Submit without the required Signature: the user sees the error; nothing is saved.
    await frame.getByRole('button', { name: 'Save template' }).click();
    events = await eventsSince(parent, seen, 2);
    expect(events).toEqual([
      { action: 'castEditSubmit', ...base },
      { action: 'castEditSubmitError', missingRequiredFields: ['Signature'], errorMessage: expect.stringContaining('Signature'), ...base },
    ]);
    seen += 2;
    expect(await frame.getByRole('alert').filter({ hasText: 'Signature' }).count()).toBeGreaterThan(0);
    expect((await suite.server.store.getCastByEid(castEid))!.versionNumber).toBe(1);

    // 3. Drag the Email preset onto the page.
    const pageBox = await box(page0);
    await frame.locator('li.tb-preset[data-alias-id="email"]').dragTo(page0.locator('.tb-layer'), { targetPosition: { x: pageBox.width * 0.3, y: pageBox.height * 0.6 } });
    const { id: emailId, record: emailRecord } = await expectPlaced(parent, seen, PRESETS[1]!, base);
    seen += 2;

    // 4. Draw the Signature: arm drawing, then drag a rectangle on an empty part of the page.
    const mouse = parent.page.mouse;
    await frame.getByRole('button', { name: 'Draw Signature' }).click();
    expect(await frame.getByRole('button', { name: 'Draw Signature' }).getAttribute('aria-pressed')).toBe('true');
    const start = { x: pageBox.x + pageBox.width * 0.55, y: pageBox.y + pageBox.height * 0.3 };
    await mouse.move(start.x, start.y);
    await mouse.down();
    await mouse.move(start.x + 100, start.y + 25, { steps: 5 });
    await mouse.move(start.x + 160, start.y + 40, { steps: 5 });
    await mouse.up();
    const { id: sigId, record: sigRecord } = await expectPlaced(parent, seen, PRESETS[3]!, base);
    seen += 2;
    const drawn = await box(field(frame, sigId));
    expect(drawn.width).toBeGreaterThan(150);
    expect(drawn.width).toBeLessThan(170);
    expect(drawn.height).toBeGreaterThan(35);

    // 5. Move it with the mouse, and resize it by its bottom-right handle: no events.
    await mouse.move(drawn.x + 20, drawn.y + 10);
    await mouse.down();
    await mouse.move(drawn.x + 50, drawn.y + 40, { steps: 6 });
    await mouse.move(drawn.x + 80, drawn.y + 70, { steps: 6 });
    await mouse.up();
    const dragged = await box(field(frame, sigId));
    expect(Math.abs(dragged.x - (drawn.x + 60))).toBeLessThan(6);
    expect(Math.abs(dragged.y - (drawn.y + 60))).toBeLessThan(6);
    const handle = await box(frame.locator(`[data-field-id="${sigId}"] .tb-handle[data-handle="se"]`));
    await mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await mouse.down();
    await mouse.move(handle.x + 20, handle.y + 10, { steps: 4 });
    await mouse.move(handle.x + 40, handle.y + 20, { steps: 4 });
    await mouse.up();
    const resized = await box(field(frame, sigId));
    expect(resized.width).toBeGreaterThan(dragged.width + 30);
    expect(resized.height).toBeGreaterThan(dragged.height + 15);
    expect(resized.x).toBeCloseTo(dragged.x, 0);
    await parent.screenshot('template-builder-fields');

    // 6. Shift+click adds the name field to the selection (records in field order).
    await field(frame, nameId).click({ modifiers: ['Shift'] });
    events = await eventsSince(parent, seen, 1);
    expect(events).toEqual([{ action: 'castEditSelectedFieldsChanged', fieldsSelected: [nameRecord, sigRecord], ...base }]);
    seen += 1;

    // 7. A click on empty page space deselects; a marquee around the Email field selects it.
    const emailBox = await box(field(frame, emailId));
    await mouse.click(pageBox.x + pageBox.width * 0.95, pageBox.y + pageBox.height * 0.2);
    await mouse.move(emailBox.x - 12, emailBox.y - 12);
    await mouse.down();
    await mouse.move(emailBox.x + emailBox.width / 2, emailBox.y + emailBox.height / 2, { steps: 5 });
    await mouse.move(emailBox.x + emailBox.width + 12, emailBox.y + emailBox.height + 12, { steps: 5 });
    await mouse.up();
    events = await eventsSince(parent, seen, 2);
    expect(events).toEqual([
      { action: 'castEditSelectedFieldsChanged', fieldsSelected: null, ...base },
      { action: 'castEditSelectedFieldsChanged', fieldsSelected: [emailRecord], ...base },
    ]);
    seen += 2;

    // 8. Rename it in the sidebar.
    await frame.getByText('Change the selected field.').waitFor();
    const nameBox = frame.getByRole('textbox', { name: 'Name', exact: true });
    await nameBox.fill('Work email');
    await nameBox.press('Enter');
    events = await eventsSince(parent, seen, 1);
    const renamed = { ...emailRecord, name: 'Work email' };
    expect(events).toEqual([{ action: 'castEditFieldsChanged', fieldsChanged: [renamed], ...base }]);
    seen += 1;

    // 9. Delete it, then undo (Ctrl+Z) brings it back.
    await field(frame, emailId).focus();
    await parent.page.keyboard.press('Delete');
    events = await eventsSince(parent, seen, 2);
    expect(events).toEqual([
      { action: 'castEditFieldsRemoved', fieldsRemoved: [renamed], ...base },
      { action: 'castEditSelectedFieldsChanged', fieldsSelected: null, ...base },
    ]);
    seen += 2;
    await parent.page.keyboard.press('Control+z');
    events = await eventsSince(parent, seen, 2);
    expect(events).toEqual([
      { action: 'castEditFieldsAdded', fieldsAdded: [renamed], ...base },
      { action: 'castEditSelectedFieldsChanged', fieldsSelected: [renamed], ...base },
    ]);
    seen += 2;
    await field(frame, emailId).waitFor();

    // 10. Copy and paste the name field: a copy with a new id, selected.
    await field(frame, nameId).click();
    events = await eventsSince(parent, seen, 1);
    expect(events).toEqual([{ action: 'castEditSelectedFieldsChanged', fieldsSelected: [nameRecord], ...base }]);
    seen += 1;
    await parent.page.keyboard.press('Control+c');
    await parent.page.keyboard.press('Control+v');
    events = await eventsSince(parent, seen, 2);
    const copyId = (events[0]!.fieldsAdded as { id: string }[])[0]!.id;
    expect(copyId).not.toBe(nameId);
    expect(events).toEqual([
      { action: 'castEditFieldsAdded', fieldsAdded: [record(copyId, PRESETS[0]!)], ...base },
      { action: 'castEditSelectedFieldsChanged', fieldsSelected: [record(copyId, PRESETS[0]!)], ...base },
    ]);
    seen += 2;
    // …removed again with the sidebar's button.
    await frame.getByRole('button', { name: 'Delete field' }).click();
    events = await eventsSince(parent, seen, 2);
    expect(events[0]).toEqual({ action: 'castEditFieldsRemoved', fieldsRemoved: [record(copyId, PRESETS[0]!)], ...base });
    seen += 2;

    // 11. Commands: castEditGetFields from the parent is answered; the same from another window is not.
    await parent.rogue().evaluate(`window.parent.frames[0].postMessage({ action: 'castEditGetFields' }, '*'); window.parent.frames[0].postMessage({ action: 'castEditSubmit' }, '*')`);
    await parent.command('castEditGetFields');
    events = await eventsSince(parent, seen, 1);
    expect(events).toEqual([{ action: 'castEditGetFields', fields: [nameRecord, renamed, sigRecord], ...base }]);
    seen += 1;

    // 12. castEditSubmit from the parent: saved, then complete with the thank-you page.
    await parent.command('castEditSubmit');
    await expectSubmitted(parent, seen, base);
    await frame.getByRole('heading', { name: /saved/i }).waitFor();
    // Nothing from the other window was acted on: no second reply, no second submit.
    const all = await parent.events();
    expect(all.filter((e) => e.action === 'castEditGetFields')).toHaveLength(1);
    expect(all.filter((e) => e.action === 'castEditSubmit')).toHaveLength(2);
    expect(parent.problems).toEqual([]);
    await parent.close();

    // The template is saved with the preset's defaults, and fills by its aliasIds at once.
    const cast = (await suite.server.store.getCastByEid(castEid))!;
    expect(cast.versionNumber).toBe(2);
    expect(cast.fields.map((f) => f.aliasId).sort()).toEqual(['email', 'name', 'sig']);
    const savedName = cast.fields.find((f) => f.aliasId === 'name')!;
    expect(savedName).toMatchObject({ pageNum: 0, type: 'fullName', name: 'Full name' });
    const filled = await post(suite.server, `/api/v1/fill/${castEid}.pdf`, { data: { name: 'Sally Employee', email: 'sally@example.com' } }, { key: suite.server.prodKey });
    expect(filled.status).toBe(200);
    expect(pdfText(filled.bytes)).toMatch(/Sally Employee[\s\S]*sally@example\.com|sally@example\.com[\s\S]*Sally Employee/);
  });

  it('moves a field to another page by keyboard and by mouse: one castEditFieldsChanged each, undone and redone, saved there', async () => {
    const castEid = await createCast(suite.server);
    const { url } = await embedUrl(suite.server, castEid, 'edit-pdf-template', { mode: 'preset-fields', fields: [PRESETS[0]] });
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    const base = { castEid, organizationSlug: suite.organizationSlug };
    expect(await eventsSince(parent, 0, 1)).toEqual([{ action: 'castEditLoad', ...base }]);
    await frame.locator('.pdf-page[data-page="0"] canvas').waitFor();
    const onPage = (n: number) => frame.locator(`.pdf-page[data-page="${n}"]`);
    const focusedId = () => frame.evaluate('document.activeElement && document.activeElement.getAttribute("data-field-id")');
    let seen = 1;

    // 1. Place the field by keyboard on page 1.
    await frame.getByRole('button', { name: 'Add Full name' }).focus();
    await parent.page.keyboard.press('Enter');
    let events = await eventsSince(parent, seen, 2);
    const id = (events[0]!.fieldsAdded as { id: string }[])[0]!.id;
    const page0Record = record(id, PRESETS[0]!, 0);
    const page1Record = record(id, PRESETS[0]!, 1);
    expect(events).toEqual([
      { action: 'castEditFieldsAdded', fieldsAdded: [page0Record], ...base },
      { action: 'castEditSelectedFieldsChanged', fieldsSelected: [page0Record], ...base },
    ]);
    seen += 2;
    await onPage(0).locator(`[data-field-id="${id}"]`).waitFor();
    expect(await focusedId()).toBe(id);

    // 2. Alt+PageDown moves it to page 2: one castEditFieldsChanged; focus stays on it, in view,
    //    announced. Again on the last page: nothing (the next events show no other).
    await parent.page.keyboard.press('Alt+PageDown');
    events = await eventsSince(parent, seen, 1);
    expect(events).toEqual([{ action: 'castEditFieldsChanged', fieldsChanged: [page1Record], ...base }]);
    seen += 1;
    await onPage(1).locator(`[data-field-id="${id}"]`).waitFor();
    await expect.poll(focusedId).toBe(id);
    await expect.poll(() => frame.locator('.tb-live').textContent()).toContain('Full name moved to page 2');
    const view = await box(frame.locator('.pdf-pages'));
    const shown = await box(field(frame, id));
    expect(shown.y).toBeGreaterThan(view.y + 10);
    expect(shown.y + shown.height).toBeLessThan(view.y + view.height - 10);
    await parent.page.keyboard.press('Alt+PageDown');
    expect(await onPage(1).locator(`[data-field-id="${id}"]`).count()).toBe(1);

    // 3. The mouse drags it from the top of page 2 up onto the bottom of page 1, with the
    //    boundary between them in the middle of the view: the preview is on page 1 while the
    //    pointer is over it; the drop is one castEditFieldsChanged, the field where the pointer put it.
    await frame.evaluate(`(() => {
      const scroller = document.querySelector('.pdf-pages');
      scroller.scrollTop = document.querySelector('.pdf-page[data-page="1"]').offsetTop - scroller.clientHeight / 2;
    })()`);
    const start = await box(field(frame, id));
    let page0Box = await box(onPage(0));
    const grab = { x: start.x + 20, y: start.y + start.height / 2 };
    const drop = { x: grab.x + 40, y: page0Box.y + page0Box.height - 120 };
    const mouse = parent.page.mouse;
    await mouse.move(grab.x, grab.y);
    await mouse.down();
    await mouse.move(grab.x + 10, grab.y - 20, { steps: 4 });
    await mouse.move(drop.x, drop.y, { steps: 8 });
    await onPage(0).locator('.tb-field.is-ghost').waitFor();
    expect(await onPage(0).locator('.tb-layer.is-drop-target').count()).toBe(1);
    await parent.screenshot('template-builder-drag-to-page');
    await mouse.up();
    events = await eventsSince(parent, seen, 1);
    expect(events).toEqual([{ action: 'castEditFieldsChanged', fieldsChanged: [page0Record], ...base }]);
    seen += 1;
    const dropped = await box(onPage(0).locator(`[data-field-id="${id}"]`));
    expect(await onPage(0).locator('.tb-field.is-ghost').count()).toBe(0);
    expect(Math.abs(dropped.x - (start.x + drop.x - grab.x))).toBeLessThan(2);
    expect(Math.abs(dropped.y - (start.y + drop.y - grab.y))).toBeLessThan(2);
    await expect.poll(focusedId).toBe(id);
    page0Box = await box(onPage(0));
    const zoom = page0Box.width / 612;

    // 4. Undo puts it back on page 2, redo on page 1: each one castEditFieldsChanged.
    await parent.page.keyboard.press('Control+z');
    events = await eventsSince(parent, seen, 1);
    expect(events).toEqual([{ action: 'castEditFieldsChanged', fieldsChanged: [page1Record], ...base }]);
    seen += 1;
    await onPage(1).locator(`[data-field-id="${id}"]`).waitFor();
    await parent.page.keyboard.press('Control+y');
    events = await eventsSince(parent, seen, 1);
    expect(events).toEqual([{ action: 'castEditFieldsChanged', fieldsChanged: [page0Record], ...base }]);
    seen += 1;
    await onPage(0).locator(`[data-field-id="${id}"]`).waitFor();

    // 5. Submitted by command: the saved field is on page 1 (pageNum 0), where it was dropped.
    await parent.command('castEditSubmit');
    await expectSubmitted(parent, seen, base);
    expect(parent.problems).toEqual([]);
    await parent.close();
    const saved = (await suite.server.store.getCastByEid(castEid))!.fields.find((f) => f.id === id)!;
    expect(saved.pageNum).toBe(0);
    const rect = saved.rect as { x: number; y: number; width: number; height: number };
    expect(Math.abs(rect.x - (dropped.x - page0Box.x) / zoom)).toBeLessThan(2);
    expect(Math.abs(792 - rect.y - rect.height - (dropped.y - page0Box.y) / zoom)).toBeLessThan(2);
  });

  it('works with the official @anvilco/anvil-embed-frame, title bar hidden, submitted by command', async () => {
    const castEid = await createCast(suite.server);
    const { url } = await embedUrl(suite.server, castEid, 'edit-pdf-template', { mode: 'preset-fields', showPageTitleBar: false, pageTitle: 'Hidden title', finishButtonText: 'Hidden button', fields: [PRESETS[2], PRESETS[0]] });
    const parent = await openParent(suite.browser, suite.site, url, 'anvil');
    const frame = await builderFrame(parent);
    const base = { castEid, organizationSlug: suite.organizationSlug };
    await parent.waitForEvent('castEditLoad');
    expect(await frame.getByRole('button', { name: 'Hidden button' }).count()).toBe(0);
    await frame.getByRole('button', { name: 'Add Signed on' }).click();
    await parent.waitForEvent('castEditSelectedFieldsChanged');
    await parent.command('castEditSubmit');
    let events = await parent.waitForEvent('castEditSubmitError');
    expect(events.at(-1)).toEqual({ action: 'castEditSubmitError', missingRequiredFields: ['Full name'], errorMessage: expect.any(String), ...base });
    await frame.getByRole('button', { name: 'Add Full name' }).press('Enter');
    await parent.waitForEvent('castEditFieldsAdded', 2);
    await parent.command('castEditSubmit');
    events = await parent.waitForEvent('castEditComplete');
    expect(events.map((e) => e.action)).toEqual([
      'castEditLoad',
      'castEditFieldsAdded', 'castEditSelectedFieldsChanged',
      'castEditSubmit', 'castEditSubmitError',
      'castEditFieldsAdded', 'castEditSelectedFieldsChanged',
      'castEditSubmit', 'castEditSubmitSuccess', 'castEditComplete',
    ]);
    const cast = (await suite.server.store.getCastByEid(castEid))!;
    // The preset's defaults are stored on the field, and the fill uses them.
    expect(cast.fields.find((f) => f.aliasId === 'signedOn')).toMatchObject({ type: 'date', format: 'MMMM Do YYYY', fontSize: 14, alignment: 'right' });
    const filled = await post(suite.server, `/api/v1/fill/${castEid}.pdf`, { data: { signedOn: '2026-11-25', name: 'Sally' } }, { key: suite.server.prodKey });
    expect(pdfText(filled.bytes)).toContain('November 25th 2026');
    await parent.close();
  });

  it('replaces the document from the Edit menu; placed fields stay', async () => {
    const castEid = await createCast(suite.server);
    const { url } = await embedUrl(suite.server, castEid, 'edit-pdf-template', { mode: 'preset-fields', showReplaceDocumentAction: true, fields: [PRESETS[1]] });
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    await parent.waitForEvent('castEditLoad');
    await frame.getByRole('button', { name: 'Add Email' }).click();
    await parent.waitForEvent('castEditFieldsAdded');
    await frame.getByRole('button', { name: 'Edit' }).click();
    const [chooser] = await Promise.all([parent.page.waitForEvent('filechooser'), frame.getByRole('menuitem', { name: /Replace document/ }).click()]);
    const dir = mkdtempSync(path.join(tmpdir(), 'quire-replace-'));
    try {
      writeFileSync(path.join(dir, 'nda.pdf'), NDA_PDF);
      await chooser.setFiles(path.join(dir, 'nda.pdf'));
      await expect.poll(async () => (await suite.server.store.getCastByEid(castEid))!.versionNumber, { timeout: 30_000 }).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await frame.locator('.tb-field').first().waitFor();
    await parent.command('castEditSubmit');
    await parent.waitForEvent('castEditComplete');
    const version = (await suite.server.store.getCastVersion(castEid))!;
    expect(version.versionNumber).toBe(3);
    expect(Buffer.from(version.pdf).equals(NDA_PDF)).toBe(true);
    expect(version.fields.map((f) => f.aliasId)).toEqual(['email']);
    await parent.close();
  });
  it("opens with the options of the hosted API's own example, alignment and styling tools shown", async () => {
    const operations = JSON.parse(readFileSync('../shared/examples/anvil/graphql/api-usage-examples__javascript__embed-pdf-template-builder.operations.json', 'utf8')) as { variables: { options?: Record<string, unknown> } }[];
    const options = operations.find((operation) => operation.variables.options)!.variables.options!;
    const castEid = await createCast(suite.server);
    const { url } = await embedUrl(suite.server, castEid, 'edit-pdf-template', options);
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    await parent.waitForEvent('castEditLoad');
    await frame.getByRole('heading', { name: 'Welcome' }).waitFor();
    await frame.getByRole('button', { name: 'Add Full name' }).press('Enter');
    await parent.waitForEvent('castEditSelectedFieldsChanged');
    // showFieldAlignmentTools and showFieldStylingTools: the inspector has their controls.
    await frame.getByRole('combobox', { name: 'Alignment' }).selectOption('right');
    await frame.getByRole('spinbutton', { name: /Font size/ }).fill('16');
    expect(await seriousViolations(frame)).toEqual([]);
    await parent.screenshot('template-builder-example-options');
    await parent.command('castEditSubmit');
    let events = await parent.waitForEvent('castEditSubmitError');
    expect(events.at(-1)!.missingRequiredFields).toEqual(['Email']);
    await frame.getByRole('button', { name: 'Add Email' }).press('Enter');
    await parent.waitForEvent('castEditFieldsAdded', 2);
    await parent.command('castEditSubmit');
    events = await parent.waitForEvent('castEditComplete');
    const saved = (await suite.server.store.getCastByEid(castEid))!.fields.find((f) => f.aliasId === 'name');
    expect(saved).toMatchObject({ alignment: 'right', fontSize: 16 });
    await parent.close();
  });

  it('previews a field\'s style on its box, marks the fields on the thumbnails, and scrolls the pages while a drag nears their edge', async () => {
    const castEid = await createCast(suite.server);
    const { url } = await embedUrl(suite.server, castEid, 'edit-pdf-template', { mode: 'preset-fields', fields: [PRESETS[0], PRESETS[1]], showFieldAlignmentTools: true, showFieldStylingTools: true });
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    await parent.waitForEvent('castEditLoad');
    const page0 = frame.locator('.pdf-page[data-page="0"]');
    await page0.locator('canvas').waitFor();
    await frame.getByRole('button', { name: 'Add Full name' }).press('Enter');
    const events = await parent.waitForEvent('castEditFieldsAdded');
    const id = (events.find((e) => e.action === 'castEditFieldsAdded')!.fieldsAdded as { id: string }[])[0]!.id;
    const zoom = async () => (await box(page0)).width / 612;
    const labelStyle = () => frame.evaluate(`(() => {
      const style = getComputedStyle(document.querySelector('[data-field-id="${id}"] .tb-field-label'));
      return { textAlign: style.textAlign, fontSize: parseFloat(style.fontSize), fontWeight: style.fontWeight, color: style.color };
    })()`) as Promise<{ textAlign: string; fontSize: number; fontWeight: string; color: string }>;

    // 1. Alignment and font size set in the inspector show on the field's box, the size in
    //    points times the zoom; so do the weight and the colour (a light one stays readable).
    await frame.getByRole('combobox', { name: 'Alignment' }).selectOption('center');
    const size = frame.getByRole('spinbutton', { name: /Font size/ });
    await size.fill('16');
    await size.press('Enter');
    await expect.poll(labelStyle).toMatchObject({ textAlign: 'center' });
    await expect.poll(async () => (await labelStyle()).fontSize / (await zoom())).toBeCloseTo(16, 1);
    await frame.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(zoom).toBeGreaterThan(1.05);
    await expect.poll(async () => (await labelStyle()).fontSize / (await zoom())).toBeCloseTo(16, 1);
    await frame.getByRole('combobox', { name: 'Font weight' }).selectOption('bold');
    await frame.getByLabel('Text colour').fill('#ffee00');
    await expect.poll(labelStyle).toMatchObject({ fontWeight: '700', color: 'rgb(255, 238, 0)' });
    expect(await seriousViolations(frame)).toEqual([]);

    // 2. The current page's thumbnail marks the field where it is on the page, selected; a
    //    second field adds a mark and takes the selection.
    const marks = frame.locator('.thumbnail[aria-current="page"] .thumbnail-mark');
    await expect.poll(() => marks.count()).toBe(1);
    expect(await marks.first().getAttribute('class')).toContain('is-selected');
    const [mark, thumb, shown, page] = await Promise.all([box(marks.first()), box(frame.locator('.thumbnail[aria-current="page"] .thumbnail-page')), box(field(frame, id)), box(page0)]);
    expect(Math.abs((mark.x - thumb.x) / thumb.width - (shown.x - page.x) / page.width)).toBeLessThan(0.02);
    expect(Math.abs((mark.y - thumb.y) / thumb.height - (shown.y - page.y) / page.height)).toBeLessThan(0.02);
    expect(Math.abs(mark.width / thumb.width - shown.width / page.width)).toBeLessThan(0.02);
    await frame.getByRole('button', { name: 'Add Email' }).click();
    await expect.poll(() => marks.count()).toBe(2);
    await expect.poll(() => frame.locator('.thumbnail[aria-current="page"] .thumbnail-mark.is-selected').count()).toBe(1);
    await parent.screenshot('template-builder-style-preview');

    // 3. At 125% (the page taller than the view), drag the Full name field to near the bottom of
    //    the pages' view and hold it there: the view scrolls, the field keeps under the pointer,
    //    and both stop on release.
    while ((await frame.getByRole('status', { name: 'Zoom level' }).textContent()) !== '125%') {
      await frame.getByRole('button', { name: 'Zoom in' }).click();
    }
    const scrollTop = () => frame.evaluate(`document.querySelector('.pdf-pages').scrollTop`) as Promise<number>;
    await frame.evaluate(`document.querySelector('.pdf-pages').scrollTop = 0`);
    const view = await box(frame.locator('.pdf-pages'));
    // The bottom of the view, above the horizontal scrollbar a page wider than it brings.
    const viewHeight = (await frame.evaluate(`(() => { const s = document.querySelector('.pdf-pages'); return s.clientTop + s.clientHeight; })()`)) as number;
    const start = await box(field(frame, id));
    const grab = { x: start.x + 20, y: start.y + start.height / 2 };
    const hold = { x: grab.x, y: view.y + viewHeight - 30 };
    const mouse = parent.page.mouse;
    await mouse.move(grab.x, grab.y);
    await mouse.down();
    await mouse.move(grab.x, grab.y + 30, { steps: 3 });
    await mouse.move(hold.x, hold.y, { steps: 8 });
    await expect.poll(scrollTop).toBeGreaterThan(100);
    await mouse.up();
    const scrolled = await scrollTop();
    await frame.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    expect(await scrollTop()).toBe(scrolled);
    const dropped = await box(page0.locator(`[data-field-id="${id}"]`));
    expect(Math.abs(dropped.x - start.x)).toBeLessThan(3);
    expect(Math.abs(dropped.y - (hold.y - (grab.y - start.y)))).toBeLessThan(3);
    await parent.screenshot('template-builder-auto-scrolled');
    expect(parent.problems).toEqual([]);
    await parent.close();
  });

  it('keeps a page zoomed wider than the view reachable from its left edge', async () => {
    const castEid = await createCast(suite.server);
    const { url } = await embedUrl(suite.server, castEid, 'edit-pdf-template', { mode: 'preset-fields', fields: [PRESETS[0]] });
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    await parent.waitForEvent('castEditLoad');
    const zoomIn = frame.getByRole('button', { name: 'Zoom in' });
    while (await zoomIn.isEnabled()) await zoomIn.click();
    const scroller = await box(frame.locator('.pdf-pages'));
    await expect.poll(async () => (await box(frame.locator('.pdf-page[data-page="0"]'))).width).toBeGreaterThan(scroller.width);
    expect((await box(frame.locator('.pdf-page[data-page="0"]'))).x).toBeGreaterThanOrEqual(scroller.x);
    await parent.close();
  });

  it('stores fields placed on a rotated page in the page\'s own (unrotated) space', async () => {
    const castEid = await createCast(suite.server, await rotatedPdf(), 'Landscape scan');
    const { url } = await embedUrl(suite.server, castEid, 'edit-pdf-template', { mode: 'preset-fields', fields: [PRESETS[0]] });
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    await parent.waitForEvent('castEditLoad');
    // The page is shown turned: landscape on screen.
    const page0 = await box(frame.locator('.pdf-page[data-page="0"]'));
    expect(page0.width).toBeGreaterThan(page0.height);
    await frame.getByRole('button', { name: 'Add Full name' }).press('Enter');
    await parent.waitForEvent('castEditFieldsAdded');
    await parent.screenshot('template-builder-rotated');
    await parent.command('castEditSubmit');
    await parent.waitForEvent('castEditComplete');
    // Placed near the displayed top-left, which is the unrotated page's bottom-left; a wide
    // field on screen is a tall one on the page.
    const [saved] = (await suite.server.store.getCastByEid(castEid))!.fields;
    expect(saved!.rect!.x).toBeLessThan(100);
    expect(saved!.rect!.y).toBeLessThan(100);
    expect(saved!.rect!.height).toBeGreaterThan(saved!.rect!.width);
    // Filled, the value reads upright on the turned page, as one line of text.
    const filled = await post(suite.server, `/api/v1/fill/${castEid}.pdf`, { data: { name: 'Sally Rotated' } }, { key: suite.server.prodKey });
    expect(pdfText(filled.bytes)).toMatch(/^\s*Sally Rotated\s*$/m);
    await parent.close();
  });
});

/** A Letter page stored portrait and turned a quarter clockwise (/Rotate 90), as scans often are. */
async function rotatedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.setRotation(degrees(90));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // Text written along the page's left edge, upwards, reads left to right once the page is turned.
  page.drawText('Landscape application form', { x: 60, y: 40, size: 18, font, rotate: degrees(90) });
  return doc.save();
}

function pdfText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
}
