// The packet builder in a customer's iframe: a draft packet's document is shown, its signers
// are edited (renamed, added, reordered, given fields), and Send marks it sent to the first
// signer and posts exactly one `etchPacketSent`; Send cannot happen twice. The template's
// placed fields are drawn over the pages, and pressing one (click, Enter or Space) gives it to
// the active signer or takes it away, in step with the signers' checkbox lists.
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { createCast, createPacket, embedUrl } from './objects.js';
import { builderFrame, openParent } from './parent-page.js';
import { browserSuite } from './suite.js';

const suite = browserSuite();

describe('packet builder', { timeout: 240_000 }, () => {
  it('edits the signers and sends the packet to the first signer, once', async () => {
    const castEid = await createCast(suite.server, undefined, 'Offer letter', true);
    const packetEid = await createPacket(suite.server, castEid);
    const { url } = await embedUrl(suite.server, packetEid, 'edit-etch-packet');
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    await frame.getByRole('heading', { name: 'E-signature packet' }).waitFor();
    await frame.getByRole('region', { name: /Pages of/ }).locator('.pdf-page').first().waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    await parent.screenshot('packet-builder');

    // Rename the first signer, add a second with a field, and move the second to the front.
    const first = frame.getByRole('group', { name: 'Signer 1', exact: true });
    await first.getByRole('textbox', { name: 'Name', exact: true }).fill('Sally Q. Employee');
    await frame.getByRole('button', { name: 'Add signer' }).click();
    const second = frame.getByRole('group', { name: 'Signer 2', exact: true });
    await second.getByRole('textbox', { name: 'Name', exact: true }).fill('Harry Manager');
    await second.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await frame.getByRole('button', { name: 'Send' }).click();
    // Checked in the page before anything is sent: a bad email, and a signer with no field.
    await expect.poll(() => frame.getByRole('alert').first().innerText()).toMatch(/Signer 2/);
    await second.getByRole('textbox', { name: 'Email', exact: true }).fill('harry@example.com');
    await second.getByRole('group', { name: 'Fields to sign' }).getByRole('checkbox').first().check();
    await second.getByRole('button', { name: 'Move up' }).click();
    expect(await frame.getByRole('group', { name: 'Signer 1', exact: true }).getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Harry Manager');
    expect(await parent.events()).toEqual([]);

    await frame.getByRole('button', { name: 'Send' }).click();
    const events = await parent.waitForEvent('etchPacketSent');
    expect(events).toEqual([{ action: 'etchPacketSent', etchPacketEid: packetEid, organizationSlug: suite.organizationSlug }]);
    await frame.getByRole('heading', { name: 'Packet sent' }).waitFor();
    expect(await frame.getByRole('button', { name: 'Send' }).count()).toBe(0);

    const packet = (await suite.server.store.getEtchPacketByEid(packetEid))!;
    expect(packet.status).toBe('sent');
    expect(packet.document.sentTo).toMatchObject({ name: 'Harry Manager', email: 'harry@example.com' });
    const signers = packet.document.signers as { name: string; fields: unknown[] }[];
    expect(signers.map((s) => s.name)).toEqual(['Harry Manager', 'Sally Q. Employee']);
    expect(signers[0]!.fields).toHaveLength(1);
    // The session is still live, but a second send is refused by the server too.
    expect(await parent.events()).toHaveLength(1);
    await parent.close();
  });

  it('assigns fields to the active signer from the boxes drawn on the page, in step with the lists', async () => {
    const castEid = await createCast(suite.server, undefined, 'Offer letter', true);
    // What GET session/casts/<eid> gives the builder: the PDF's form fields, each with a page and a box.
    const castFields = (await suite.server.store.getCastVersion(castEid))!.cast.fields;
    const placed = castFields.filter((field) => typeof field.pageNum === 'number' && field.rect !== undefined);
    expect(placed.map((field) => field.aliasId)).toEqual(expect.arrayContaining(['name', 'email', 'phone']));
    const packetEid = await createPacket(suite.server, castEid);
    const { url } = await embedUrl(suite.server, packetEid, 'edit-etch-packet');
    const parent = await openParent(suite.browser, suite.site, url);
    const frame = await builderFrame(parent);
    const pages = frame.getByRole('region', { name: /Pages of/ });
    const box = (name: string) => pages.getByRole('button', { name, exact: true });

    // Every placed field has a box; the packet's signer 1 already signs `name`.
    await box('Name (name), signed by Sally Employee').waitFor();
    await expect.poll(() => pages.getByRole('button', { name: /, (signed by .+|not assigned)$/ }).count()).toBe(placed.length);
    expect(await box('Email (email), not assigned').getAttribute('aria-pressed')).toBe('false');
    expect(await seriousViolations(frame)).toEqual([]);

    const first = frame.getByRole('group', { name: 'Signer 1', exact: true });
    const firstList = first.getByRole('group', { name: 'Fields to sign' });
    await frame.getByRole('radio', { name: 'Signer 1 Sally Employee' }).check();
    await box('Email (email), not assigned').click();
    await box('Email (email), signed by Sally Employee').waitFor();
    expect(await firstList.getByRole('checkbox', { name: 'Email (email)' }).isChecked()).toBe(true);
    expect(await box('Email (email), signed by Sally Employee').getAttribute('aria-pressed')).toBe('true');

    // A second signer, made active with the keyboard, takes Email too (Enter) and Phone (Space).
    await frame.getByRole('button', { name: 'Add signer' }).click();
    const second = frame.getByRole('group', { name: 'Signer 2', exact: true });
    await second.getByRole('textbox', { name: 'Name', exact: true }).fill('Harry Manager');
    await second.getByRole('textbox', { name: 'Email', exact: true }).fill('harry@example.com');
    await frame.getByRole('radio', { name: 'Signer 2 Harry Manager' }).check();
    await box('Email (email), signed by Sally Employee').press('Enter');
    await box('Email (email), signed by Sally Employee and Harry Manager').waitFor();
    await box('Phone (phone), not assigned').focus();
    await box('Phone (phone), not assigned').press('Space');
    await box('Phone (phone), signed by Harry Manager').waitFor();
    const secondList = second.getByRole('group', { name: 'Fields to sign' });
    expect(await secondList.getByRole('checkbox', { name: 'Email (email)' }).isChecked()).toBe(true);
    expect(await secondList.getByRole('checkbox', { name: 'Phone (phone)' }).isChecked()).toBe(true);
    // Pressing a box again takes the field back from the active signer only.
    await box('Email (email), signed by Sally Employee and Harry Manager').click();
    await box('Email (email), signed by Sally Employee').waitFor();
    expect(await secondList.getByRole('checkbox', { name: 'Email (email)' }).isChecked()).toBe(false);
    // And the list moves the box: Sally's Name unticked there is no longer hers on the page.
    await firstList.getByRole('checkbox', { name: 'Name (name)' }).uncheck();
    await box('Name (name), not assigned').waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    await parent.screenshot('packet-builder-fields');

    await frame.getByRole('button', { name: 'Save' }).click();
    await frame.getByRole('status').filter({ hasText: 'All changes saved.' }).waitFor();
    const packet = (await suite.server.store.getEtchPacketByEid(packetEid))!;
    const signers = packet.document.signers as { name: string; fields: unknown[] }[];
    expect(signers.map((s) => [s.name, s.fields])).toEqual([
      ['Sally Employee', [{ fileId: 'offer', fieldId: 'email' }]],
      ['Harry Manager', [{ fileId: 'offer', fieldId: 'phone' }]],
    ]);
    expect(parent.problems).toEqual([]);
    await parent.close();
  });
});
