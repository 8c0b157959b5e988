// createEtchPacket and etchPacket (embedded-builders.md §4.4): a packet of files — existing Casts
// by castEid, uploaded PDFs (stored as Casts of their own), or documents to generate (kept as
// given) — with signers and fill data per file. Nothing is rendered or sent yet: the packet is
// stored as `draft` (isDraft: true, the only kind that can be embedded) or `sent`.
import { newEid } from '../../store/ids.js';
import type { EtchPacketRecord, JsonObject } from '../../store/types.js';
import type { CastField } from '../../../src/fill/types.js';
import { checkTemplateBytes } from '../../cast-creation.js';
import type { GraphQLContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import type { UploadedFile } from '../uploads.js';
import { ownOrganization, optionalText } from './arguments.js';
import { ownedCast } from './casts.js';
import { checkSigners, type StoredSigner } from '../../signers.js';

const MAX_FILES = 50;

interface EtchFileInput {
  id: string;
  title?: string | null;
  castEid?: string | null;
  file?: UploadedFile | null;
  base64File?: UploadedFile | null;
  fields?: unknown[] | null;
  filename?: string | null;
  markup?: unknown;
  [key: string]: unknown;
}

interface CreateEtchPacketArgs {
  name?: string | null;
  organizationEid?: string | null;
  files?: EtchFileInput[] | null;
  isDraft?: boolean | null;
  isTest?: boolean | null;
  signers?: unknown[] | null;
  data?: unknown;
  allowUpdates?: boolean | null;
  createCastTemplatesFromUploads?: boolean | null;
  [option: string]: unknown;
}

/** Packet options kept as given (emails are not sent by this server; they are reported back). */
const KEPT_OPTIONS = ['signatureEmailSubject', 'signatureEmailBody', 'signatureProvider', 'signaturePageOptions', 'webhookURL', 'replyToName', 'replyToEmail', 'enableEmails', 'mergePDFs', 'duplicateCasts', 'createCastTemplatesFromUploads'] as const;

interface StoredFile { id: string; title: string; filename: string; castEid?: string; type: 'pdf' | 'generated'; generate?: JsonObject }

export const etchPacketResolvers = {
  Query: {
    etchPacket: (_: unknown, args: { eid: string }, context: GraphQLContext) => ownedEtchPacket(context, args.eid),
  },
  Mutation: {
    async createEtchPacket(_: unknown, args: CreateEtchPacketArgs, context: GraphQLContext) {
      const organization = ownOrganization(context, args.organizationEid);
      const name = optionalText(args.name, 'name') ?? 'Untitled packet';
      const inputs = args.files ?? [];
      if (inputs.length === 0) throw invalid('files', 'A packet needs at least one file');
      if (inputs.length > MAX_FILES) throw invalid('files', `At most ${MAX_FILES} files`);
      const fileIds = new Set<string>();
      inputs.forEach((file, i) => {
        if (file.id.trim() === '' || file.id.length > 128) throw invalid(`files[${i}].id`, 'Expected a non-empty id of at most 128 characters');
        if (fileIds.has(file.id)) throw invalid(`files[${i}].id`, `"${file.id}" is the id of another file`);
        fileIds.add(file.id);
      });
      const signers = checkSigners(args.signers ?? [], { orderKey: 'routingOrder', otherKeys: 'keep' });
      const payloads = checkPayloads(args.data);

      // Everything is checked before anything is stored: Casts named exist, uploads are PDFs.
      const casts = new Map<string, Awaited<ReturnType<typeof ownedCast>>>();
      const uploads = new Map<string, UploadedFile>();
      for (const [i, file] of inputs.entries()) {
        const upload = file.file ?? file.base64File ?? null;
        const sources = [file.castEid ? 'castEid' : null, upload ? 'file' : null, file.markup !== undefined && file.markup !== null ? 'markup' : null].filter(Boolean);
        if (sources.length > 1) throw invalid(`files[${i}]`, `Give one of castEid, file and markup, not ${sources.join(' and ')}`);
        if (file.castEid) {
          casts.set(file.id, await ownedCast(context, file.castEid).catch(() => {
            throw invalid(`files[${i}].castEid`, `No PDF template ${file.castEid}`);
          }));
        } else if (upload) {
          await checkTemplateBytes(context.inspector, upload.bytes, `files[${i}].file`);
          uploads.set(file.id, upload);
        } else if (!file.markup && !Array.isArray(file.fields)) {
          throw invalid(`files[${i}]`, 'Give castEid (a template), file (an upload), or markup or fields (a document to generate)');
        }
      }

      const { store } = context.deps;
      const stored: StoredFile[] = [];
      for (const file of inputs) {
        const title = optionalText(file.title, 'title') ?? '';
        const template = casts.get(file.id);
        const upload = uploads.get(file.id);
        if (template) {
          stored.push({ id: file.id, title: title || template.title, filename: `${template.title}.pdf`, castEid: template.eid, type: 'pdf' });
        } else if (upload) {
          const castTitle = title || upload.filename.replace(/\.pdf$/i, '');
          const cast = await store.createCast({
            organizationId: organization.id, name: castTitle, title: castTitle, pdf: upload.bytes,
            fields: placedFields(file.fields ?? []), isTemplate: args.createCastTemplatesFromUploads === true,
          });
          stored.push({ id: file.id, title: castTitle, filename: optionalText(file.filename, 'filename') || upload.filename, castEid: cast.eid, type: 'pdf' });
        } else {
          const { id: _id, title: _title, file: _file, base64File: _base64, castEid: _castEid, ...generate } = file;
          stored.push({ id: file.id, title, filename: optionalText(file.filename, 'filename') || `${file.id}.pdf`, type: 'generated', generate: generate as JsonObject });
        }
      }

      // Name and email fields attached to a signer take the signer's name and email, unless given.
      const fieldsOfFile = new Map(inputs.map((file) => [file.id, new Map((casts.get(file.id)?.fields ?? placedFields(file.fields ?? [])).map((field) => [field.aliasId, field]))]));
      for (const signer of signers) {
        for (const { fileId, fieldId } of signer.fields) {
          const field = fieldsOfFile.get(fileId)?.get(fieldId);
          const value = field?.type === 'fullName' ? signer.name : field?.type === 'email' ? signer.email : undefined;
          if (value === undefined) continue;
          const payload = (payloads[fileId] ??= { data: {} });
          const data = payload.data as Record<string, unknown>;
          if (data[fieldId] === undefined) data[fieldId] = value;
        }
      }

      const options = Object.fromEntries(KEPT_OPTIONS.filter((key) => args[key] !== undefined && args[key] !== null).map((key) => [key, args[key]]));
      const packet = await store.createEtchPacket({
        organizationId: organization.id,
        name,
        status: args.isDraft === true ? 'draft' : 'sent',
        isTest: args.isTest === true,
        allowUpdates: args.allowUpdates === true,
        document: { documentGroupEid: newEid(), files: stored, signers, payloads, options } as unknown as JsonObject,
      });
      return packet;
    },
  },
  EtchPacket: {
    containsFillData: (packet: EtchPacketRecord) => Object.keys(packetDocument(packet).payloads).length > 0,
    payload: (packet: EtchPacketRecord) => packetDocument(packet).payloads,
    numberRemainingSigners: (packet: EtchPacketRecord) => packetDocument(packet).signers.length,
    webhookURL: (packet: EtchPacketRecord) => (packetDocument(packet).options.webhookURL as string | undefined) ?? null,
    // There is no dashboard to link to: null rather than a URL that answers 404.
    detailsURL: () => null,
    organization: (_: EtchPacketRecord, __: unknown, { caller }: GraphQLContext) => caller.organization,
    documentGroup: (packet: EtchPacketRecord) => ({ packet }),
    archivedAt: () => null,
    completedAt: () => null,
  },
  DocumentGroup: {
    id: ({ packet }: { packet: EtchPacketRecord }) => packet.id,
    eid: ({ packet }: { packet: EtchPacketRecord }) => packetDocument(packet).documentGroupEid,
    status: ({ packet }: { packet: EtchPacketRecord }) => packet.status,
    files: ({ packet }: { packet: EtchPacketRecord }) => packetDocument(packet).files.map(({ generate: _generate, ...file }) => file),
    signers: ({ packet }: { packet: EtchPacketRecord }) => packetDocument(packet).signers.map((signer, i) => ({ packet, signer, position: i + 1 })),
    etchPacket: ({ packet }: { packet: EtchPacketRecord }) => packet,
    createdAt: ({ packet }: { packet: EtchPacketRecord }) => packet.createdAt,
    updatedAt: ({ packet }: { packet: EtchPacketRecord }) => packet.updatedAt,
    completedAt: () => null,
  },
  Signer: {
    id: ({ position }: SignerView) => position,
    eid: ({ signer }: SignerView) => signer.eid,
    aliasId: ({ signer }: SignerView) => signer.id,
    name: ({ signer }: SignerView) => signer.name,
    email: ({ signer }: SignerView) => signer.email,
    status: ({ packet }: SignerView) => (packet.status === 'draft' ? 'draft' : 'sent'),
    routingOrder: ({ signer }: SignerView) => signer.routingOrder,
    signActionType: ({ signer }: SignerView) => (signer.signerType === 'embedded' ? 'embedded' : 'email'),
    signerType: ({ signer }: SignerView) => signer.signerType,
    fields: ({ signer }: SignerView) => signer.fields,
    documentGroup: ({ packet }: SignerView) => ({ packet }),
    createdAt: ({ packet }: SignerView) => packet.createdAt,
    updatedAt: ({ packet }: SignerView) => packet.updatedAt,
    completedAt: () => null,
  },
};

interface SignerView { packet: EtchPacketRecord; signer: StoredSigner; position: number }

interface PacketDocument { documentGroupEid: string; files: StoredFile[]; signers: StoredSigner[]; payloads: Record<string, JsonObject>; options: JsonObject }

function packetDocument(packet: EtchPacketRecord): PacketDocument {
  return packet.document as unknown as PacketDocument;
}

export async function ownedEtchPacket(context: GraphQLContext, eid: string): Promise<EtchPacketRecord> {
  const packet = await context.deps.store.getEtchPacketByEid(eid);
  if (!packet || packet.organizationId !== context.caller.organization.id) throw notFound(`No EtchPacket ${eid.slice(0, 64)}`);
  return packet;
}

/** `data: { payloads: { <fileId>: { data: { aliasId: value }, fontSize?, textColor? } } }`; data for unknown files or fields is kept. */
function checkPayloads(data: unknown): Record<string, JsonObject & { data: JsonObject }> {
  if (data === undefined || data === null) return {};
  if (!isObject(data)) throw invalid('data', 'Expected { payloads: { <fileId>: { data } } }');
  const payloads = data.payloads ?? {};
  if (!isObject(payloads)) throw invalid('data.payloads', 'Expected an object keyed by file id');
  const out: Record<string, JsonObject & { data: JsonObject }> = {};
  for (const [fileId, payload] of Object.entries(payloads)) {
    if (!isObject(payload)) throw invalid(`data.payloads.${fileId}`, 'Expected { data: { … } }');
    const fill = payload.data ?? {};
    if (!isObject(fill)) throw invalid(`data.payloads.${fileId}.data`, 'Expected an object of aliasId → value');
    out[fileId] = { ...payload, data: { ...fill } };
  }
  return out;
}

/** An upload's `fields` (placed by the caller: { id, type, pageNum, rect, … }) as Cast fields. */
function placedFields(fields: readonly unknown[]): CastField[] {
  return fields.filter(isObject).filter((field) => typeof field.id === 'string').map((field) => ({
    ...field,
    id: field.id as string,
    aliasId: field.id as string,
    name: typeof field.name === 'string' ? field.name : (field.id as string),
    type: (typeof field.type === 'string' ? field.type : 'shortText') as CastField['type'],
  }) as CastField);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
