// The workflow builder in a customer's iframe: the Weld's name and settings are edited and its
// file shown; Finish publishes it and posts `weldCreate` when it was a draft when the URL was
// made, `weldEdit` when it was published already (embedded-builders.md §3, §6).
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { createCast, createWeld, embedUrl } from './objects.js';
import { builderFrame, openParent } from './parent-page.js';
import { browserSuite } from './suite.js';

const suite = browserSuite();

describe('workflow builder', { timeout: 240_000 }, () => {
  it('renames a draft workflow, adds a setting, and Finish publishes it with weldCreate', async () => {
    const weldEid = await createWeld(suite.server, await createCast(suite.server), 'draft');
    const { url } = await embedUrl(suite.server, weldEid, 'edit-workflow');
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    await frame.getByRole('heading', { name: 'Workflow' }).waitFor();
    await frame.locator('.pdf-page canvas').first().waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    await parent.screenshot('workflow-builder');

    await frame.getByRole('textbox', { name: 'Workflow name' }).fill('New hire (2027)');
    const adding = frame.getByRole('group', { name: 'Add a setting' });
    await adding.getByRole('textbox', { name: 'Setting name' }).fill('reminderDays');
    await adding.getByRole('combobox', { name: 'Type' }).selectOption('number');
    await adding.getByRole('button', { name: 'Add setting' }).click();
    await frame.getByRole('spinbutton', { name: 'reminderDays' }).fill('3');
    await frame.getByRole('button', { name: 'Finish' }).click();

    expect(await parent.waitForEvent('weldCreate')).toEqual([{ action: 'weldCreate', weldEid, organizationSlug: suite.organizationSlug }]);
    await frame.getByRole('heading', { name: 'Workflow published' }).waitFor();
    const weld = (await suite.server.store.getWeldByEid(weldEid))!;
    expect(weld).toMatchObject({ name: 'New hire (2027)', visibility: 'published' });
    expect(weld.document.settings).toEqual({ reminderDays: 3 });
    await parent.close();
  });

  it('posts weldEdit for a workflow that was published when the URL was made', async () => {
    const weldEid = await createWeld(suite.server, await createCast(suite.server), 'published');
    const { url } = await embedUrl(suite.server, weldEid, 'edit-workflow');
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    await frame.getByRole('button', { name: 'Finish' }).click();
    expect(await parent.waitForEvent('weldEdit')).toEqual([{ action: 'weldEdit', weldEid, organizationSlug: suite.organizationSlug }]);
    await parent.close();
  });
});
