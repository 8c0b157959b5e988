// The embedded object as the builder reads it (GET /embed/session/object's `object`, and the
// answer of each route that changes it), with the page's title.
import type { CastRecord, EtchPacketRecord, WeldRecord } from '../store/types.js';
import type { SessionObject } from './session.js';
import { signerView, type StoredSigner } from '../signers.js';

export function objectTitle(object: SessionObject): string {
  return object.type === 'cast' ? object.record.title || object.record.name : object.record.name;
}

export function objectView(object: SessionObject): Record<string, unknown> {
  switch (object.type) {
    case 'cast': return castView(object.record);
    case 'etchPacket': return packetView(object.record);
    case 'weld': return weldView(object.record);
  }
}

export function castView(cast: CastRecord): Record<string, unknown> {
  return { eid: cast.eid, name: cast.name, title: cast.title, versionNumber: cast.versionNumber, fields: cast.fields, allowedAliasIds: cast.allowedAliasIds };
}

/** The packet's document with its columns; signers in the builder's shape (`signerOrder`). */
export function packetView(packet: EtchPacketRecord): Record<string, unknown> {
  return {
    eid: packet.eid,
    name: packet.name,
    status: packet.status,
    isTest: packet.isTest,
    sentAt: packet.sentAt?.toISOString() ?? null,
    ...packet.document,
    signers: packetSigners(packet).map(signerView),
  };
}

export function weldView(weld: WeldRecord): Record<string, unknown> {
  return { eid: weld.eid, name: weld.name, slug: weld.slug, visibility: weld.visibility, ...weld.document };
}

export function packetSigners(packet: EtchPacketRecord): StoredSigner[] {
  return Array.isArray(packet.document.signers) ? (packet.document.signers as StoredSigner[]) : [];
}

export function packetFileIds(packet: EtchPacketRecord): Set<string> {
  const files = Array.isArray(packet.document.files) ? (packet.document.files as { id?: unknown }[]) : [];
  return new Set(files.flatMap((file) => (typeof file.id === 'string' ? [file.id] : [])));
}
