// The packet builder's data as the server's session API gives it (embedded-builders.md §4.4):
// the packet (GET session/object), a file's template (GET session/casts/<castEid>) and the
// answer to Send. Plain data, no DOM: the pure modules and their tests use these too.

export interface SignerField {
  readonly fileId: string;
  /** The template field's aliasId; may name a field the template does not have (§4.4). */
  readonly fieldId: string;
}

export interface PacketSigner {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly signerOrder?: number;
  readonly routingOrder?: number;
  readonly signerType?: string;
  readonly fields: readonly SignerField[];
}

export interface PacketFile {
  readonly id: string;
  /** A template or uploaded PDF; absent for a document generated at send time. */
  readonly castEid?: string;
  readonly title?: string;
  readonly filename?: string;
}

export interface Packet {
  readonly eid: string;
  readonly name: string;
  readonly status: 'draft' | 'sent';
  readonly isTest?: boolean;
  readonly files: readonly PacketFile[];
  readonly signers: readonly PacketSigner[];
  readonly sentTo?: { readonly id: string; readonly name: string; readonly email: string } | null;
}

export interface TemplateField {
  readonly id: string;
  readonly aliasId: string;
  readonly name: string;
  readonly type: string;
  /** 0-based page of a placed field (an AcroForm field's: its first widget's). */
  readonly pageNum?: number;
  /** Its box on that page, in PDF points in the page's unrotated space, from its bottom-left. */
  readonly rect?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  /** textPerLine: one rect per line. */
  readonly lines?: readonly { readonly x: number; readonly y: number; readonly width: number; readonly height: number }[];
}

/** GET session/casts/<castEid>: the file's template. */
export interface CastSummary {
  readonly eid: string;
  readonly title?: string;
  readonly name?: string;
  readonly versionNumber?: number;
  readonly fields: readonly TemplateField[];
}

/** POST session/etch-packet/send. */
export interface SendResult {
  readonly etchPacketEid: string;
  readonly organizationSlug?: string;
  readonly status: 'sent';
  readonly sentTo?: { readonly id: string; readonly name: string; readonly email: string } | null;
}
