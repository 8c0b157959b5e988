// Casts (PDF templates): createCast, updateCast (a new version), and reading them back with
// their fields and versions. Another organization's Cast is as absent as a missing one.
import { isSignedField } from '../../../src/fill/field-value.js';
import type { CastField } from '../../../src/fill/types.js';
import { checkTemplateBytes, prepareCastFields } from '../../cast-creation.js';
import type { CastRecord } from '../../store/types.js';
import type { GraphQLContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import type { UploadedFile } from '../uploads.js';
import { checkAliasIdList, ownOrganization, optionalText } from './arguments.js';

/** A Cast as the schema shows it: at one version, with that version's fields. */
export interface CastView extends CastRecord {
  readonly latestVersionNumber: number;
}

export function castView(cast: CastRecord, versionNumber = cast.versionNumber, fields: readonly CastField[] = cast.fields): CastView {
  return { ...cast, versionNumber, fields, latestVersionNumber: cast.versionNumber };
}

/** The caller's Cast at a version (default the latest; -1 and -2 mean the latest too). */
export async function ownedCast(context: GraphQLContext, eid: string, versionNumber?: number | null): Promise<CastView> {
  const version = versionNumber === undefined || versionNumber === null || versionNumber < 0 ? undefined : versionNumber;
  const found = await context.deps.store.getCastVersion(eid, version);
  if (!found || found.cast.organizationId !== context.caller.organization.id) {
    throw notFound(`No PDF template ${eid}${version === undefined ? '' : ` at version ${version}`}`);
  }
  return castView(found.cast, found.versionNumber, found.fields);
}

interface CreateCastArgs {
  organizationEid?: string | null;
  title?: string | null;
  file: UploadedFile;
  isTemplate?: boolean | null;
  allowedAliasIds?: (string | null)[] | null;
  detectFields?: boolean | null;
  aliasIds?: unknown;
  detectBoxesAdvanced?: boolean | null;
  advancedDetectFields?: boolean | null;
}

interface UpdateCastArgs {
  eid: string;
  name?: string | null;
  title?: string | null;
  isTemplate?: boolean | null;
  file?: UploadedFile | null;
  allowedAliasIds?: (string | null)[] | null;
  versionNumber?: number | null;
}

export const castResolvers = {
  Query: {
    cast: (_: unknown, args: { eid: string; versionNumber?: number | null }, context: GraphQLContext) => ownedCast(context, args.eid, args.versionNumber),
  },
  Mutation: {
    async createCast(_: unknown, args: CreateCastArgs, context: GraphQLContext) {
      const organization = ownOrganization(context, args.organizationEid);
      const title = optionalText(args.title, 'title') ?? args.file.filename.replace(/\.pdf$/i, '');
      const allowedAliasIds = checkAliasIdList(args.allowedAliasIds, 'allowedAliasIds');
      const { fields, warnings } = await prepareCastFields(context.inspector, args.file.bytes, {
        detectFields: args.detectFields === true,
        detectBoxes: args.detectBoxesAdvanced === true || args.advancedDetectFields === true,
        aliasIds: args.aliasIds,
      });
      for (const warning of warnings) context.log.info({ warning }, 'createCast');
      const cast = await context.deps.store.createCast({ organizationId: organization.id, name: title, title, pdf: args.file.bytes, fields, isTemplate: args.isTemplate ?? true, allowedAliasIds });
      return castView(cast);
    },
    async updateCast(_: unknown, args: UpdateCastArgs, context: GraphQLContext) {
      const current = await ownedCast(context, args.eid);
      if (args.versionNumber !== undefined && args.versionNumber !== null && args.versionNumber !== current.latestVersionNumber) {
        throw invalid('versionNumber', `The template is at version ${current.latestVersionNumber}, not ${args.versionNumber}: it changed since you read it`);
      }
      const { store } = context.deps;
      let cast: CastRecord = current;
      if (args.file) {
        // A replaced document keeps the fields placed on it (spec 4.1, showReplaceDocumentAction).
        await checkTemplateBytes(context.inspector, args.file.bytes);
        cast = await store.addCastVersion(current.id, { pdf: args.file.bytes, fields: current.fields });
      }
      const name = optionalText(args.name, 'name');
      const title = optionalText(args.title, 'title');
      const allowedAliasIds = args.allowedAliasIds === undefined ? undefined : checkAliasIdList(args.allowedAliasIds, 'allowedAliasIds');
      if (name !== undefined || title !== undefined || (args.isTemplate !== undefined && args.isTemplate !== null) || allowedAliasIds !== undefined) {
        cast = await store.updateCast(current.id, {
          ...(name !== undefined ? { name } : {}),
          ...(title !== undefined ? { title } : {}),
          ...(args.isTemplate !== undefined && args.isTemplate !== null ? { isTemplate: args.isTemplate } : {}),
          ...(allowedAliasIds !== undefined ? { allowedAliasIds } : {}),
        });
      }
      return castView(cast);
    },
  },
  Cast: {
    type: () => 'pdf',
    latestDraftVersionNumber: (cast: CastView) => cast.latestVersionNumber,
    publishedNumber: (cast: CastView) => cast.latestVersionNumber,
    hasBeenPublished: () => true,
    hasUnpublishedChanges: () => false,
    fieldInfo: (cast: CastView) => cast.fields,
    config: (cast: CastView, args: { onlyKeys?: string[] | null }) => pick({ fields: cast.fields, versionNumber: cast.versionNumber }, args.onlyKeys),
    // Signature and initial fields are signed in packets, never filled: no example for them.
    exampleData: (cast: CastView) => Object.fromEntries(cast.fields.filter((field) => !isSignedField(field)).map((field) => [field.aliasId, exampleValue(field)])),
    versions: (cast: CastView, _: unknown, context: GraphQLContext) =>
      Array.from({ length: cast.latestVersionNumber }, (_, i) => i + 1).map((versionNumber) => ({
        eid: cast.eid,
        versionNumber,
        name: cast.name,
        title: cast.title,
        publishedNumber: versionNumber,
        config: async () => {
          const version = await context.deps.store.getCastVersion(cast.eid, versionNumber);
          return version ? { fields: version.fields, versionNumber } : null;
        },
      })),
    organization: (_cast: CastView, _: unknown, { caller }: GraphQLContext) => caller.organization,
    archivedAt: () => null,
  },
};

export function pick(config: Record<string, unknown>, onlyKeys: readonly string[] | null | undefined): Record<string, unknown> {
  if (!onlyKeys) return config;
  return Object.fromEntries(Object.entries(config).filter(([key]) => onlyKeys.includes(key)));
}

/** A value a fill payload could give the field: what the API Info tab of a template shows. */
function exampleValue(field: CastField): unknown {
  switch (field.type) {
    case 'fullName': return { firstName: 'Sally', lastName: 'Jones' };
    case 'email': return 'sally@example.com';
    case 'phone': return '555 111 2222';
    case 'date':
    case 'signatureDate': return '2024-01-31';
    case 'usAddress': return { street1: '123 Main St', city: 'San Francisco', state: 'CA', zip: '94106', country: 'US' };
    case 'ssn': return '456454567';
    case 'ein': return '897654321';
    case 'integer': return 42;
    case 'decimalNumber': return 12.5;
    case 'dollar': return 123.45;
    case 'percent': return 50.5;
    case 'checkbox': return true;
    case 'radioGroup': return field.options?.[0]?.id ?? null;
    case 'imageUrl': return 'https://example.com/image.png';
    case 'textPerLetter': return 'ABC';
    default: return 'Sample text';
  }
}
