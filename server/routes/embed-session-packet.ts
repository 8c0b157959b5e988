// The packet builder's changes (edit-etch-packet sessions): the packet's name and signers, while
// it is a draft, and sending it (embedded-builders.md §3: draft → sent to the first signer,
// `etchPacketSent`). Both are conditional updates of a draft packet, so a packet is sent once,
// however many sends race, and nothing edits it after.
import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from '../app.js';
import { bodyObject, checkKeys, name } from '../embed/field-checks.js';
import { packetFileIds, packetSigners, packetView } from '../embed/object-views.js';
import { organizationSlug, requireSession } from '../embed/session.js';
import { conflict, sessionRoute } from '../embed/session-reply.js';
import { checkSigners, firstSigner } from '../signers.js';
import { invalid } from '../graphql/errors.js';
import type { EtchPacketChanges } from '../store/types.js';

const SENT = 'The packet was sent: it can no longer be changed';

export function registerEmbedSessionPacketRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const { store } = deps;

  /** `{ name?, signers? }` → the packet, as GET /embed/session/object's `object`. */
  app.put('/embed/session/etch-packet', sessionRoute(async (request) => {
    const { record: packet } = await requireSession(store, request, 'etchPacket');
    const body = bodyObject(request.body, '{ name?, signers? }');
    // Signers are checked against the packet as it is when locked (checkSigners below).
    checkKeys(body, { name, signers: () => undefined }, '');
    if (packet.status !== 'draft') throw conflict(SENT);
    const updated = await store.updateEtchPacket(packet.id, (current): EtchPacketChanges => ({
      ...(body.name !== undefined ? { name: (body.name as string).trim() } : {}),
      ...(body.signers !== undefined ? { document: { ...current.document, signers: checkSigners(body.signers, { orderKey: 'signerOrder', otherKeys: 'refuse', fileIds: packetFileIds(current), current: packetSigners(current) }) } } : {}),
    }), { status: 'draft' });
    if (!updated) throw conflict(SENT);
    return packetView(updated);
  }));

  /** Sends the draft to its first signer: `{ etchPacketEid, organizationSlug, status: 'sent', sentTo }`. */
  app.post('/embed/session/etch-packet/send', sessionRoute(async (request) => {
    const { token, record: packet } = await requireSession(store, request, 'etchPacket');
    if (packet.status !== 'draft') throw conflict('The packet was sent already');
    const sentAt = new Date();
    let sentTo: { id: string; name: string; email: string } | undefined;
    const sent = await store.updateEtchPacket(packet.id, (current) => {
      const first = firstSigner(packetSigners(current));
      if (!first) throw invalid('signers', 'The packet has no signers: add one before sending it');
      sentTo = { id: first.id, name: first.name, email: first.email };
      return { status: 'sent', sentAt, document: { ...current.document, sentTo } };
    }, { status: 'draft' });
    if (!sent || !sentTo) throw conflict('The packet was sent already');
    return { etchPacketEid: sent.eid, organizationSlug: await organizationSlug(store, token), status: 'sent', sentTo };
  }));
}
