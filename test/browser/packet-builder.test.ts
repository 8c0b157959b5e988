// The packet builder in a customer's iframe: a draft packet's document is shown, its signers
// are edited (renamed, added, reordered, given fields), and Send marks it sent to the first
// signer and posts exactly one `etchPacketSent`; Send cannot happen twice.
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
});
