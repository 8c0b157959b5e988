// createWeld and weld (embedded-builders.md §4.3): a workflow over files that are existing Casts
// (castEid) or uploads (stored as Casts). Webforms (Forges) and their submissions are not part
// of this server: a Weld has none, and forgeSubmit/removeWeldData find nothing to act on.
import type { JsonObject, WeldRecord } from '../../store/types.js';
import { checkTemplateBytes } from '../../cast-creation.js';
import type { GraphQLContext } from '../context.js';
import { ApiError, invalid, notFound } from '../errors.js';
import type { UploadedFile } from '../uploads.js';
import { ownOrganization, optionalText } from './arguments.js';
import { castView, ownedCast, pick, type CastView } from './casts.js';

const MAX_FILES = 50;

interface WeldFileInput { id: string; title?: string | null; castEid?: string | null; file?: UploadedFile | null; mimetype?: string | null; name?: string | null; src?: string | null; stamp?: number | null }
interface CreateWeldArgs { organizationEid: string; name?: string | null; slug?: string | null; visibility?: string | null; draftStep?: string | null; config?: unknown; castEid?: string | null; files?: (WeldFileInput | null)[] | null; createCastTemplatesFromUploads?: boolean | null }
interface StoredWeldFile { id: string; title: string; castEid: string; filename: string }
interface WeldDocument { files: StoredWeldFile[]; config: JsonObject; draftStep: string | null }

export const weldResolvers = {
  Query: {
    async weld(_: unknown, args: { eid?: string | null; slug?: string | null; organizationSlug?: string | null }, context: GraphQLContext) {
      const { store } = context.deps;
      const own = context.caller.organization;
      if (args.eid) {
        const weld = await store.getWeldByEid(args.eid);
        if (!weld || weld.organizationId !== own.id) throw notFound(`No Weld ${args.eid.slice(0, 64)}`);
        return weld;
      }
      if (!args.slug) throw invalid('eid', 'Give the eid, or the slug (and organizationSlug)');
      if (args.organizationSlug && args.organizationSlug !== own.slug) throw notFound(`No Weld ${args.organizationSlug.slice(0, 64)}/${args.slug.slice(0, 64)}`);
      const weld = await store.getWeldBySlug(own.id, args.slug);
      if (!weld) throw notFound(`No Weld ${own.slug}/${args.slug.slice(0, 64)}`);
      return weld;
    },
  },
  Mutation: {
    async createWeld(_: unknown, args: CreateWeldArgs, context: GraphQLContext) {
      const organization = ownOrganization(context, args.organizationEid);
      const name = optionalText(args.name, 'name') || 'Untitled workflow';
      const slug = optionalText(args.slug, 'slug', 128);
      if (slug !== undefined && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw invalid('slug', 'Expected lowercase letters, digits and dashes, such as "new-hire-forms"');
      const visibility = optionalText(args.visibility, 'visibility', 32) || 'draft';
      if (!/^[a-z-]+$/.test(visibility)) throw invalid('visibility', 'Expected a word such as draft or live');
      if (args.config !== undefined && args.config !== null && (typeof args.config !== 'object' || Array.isArray(args.config))) throw invalid('config', 'Expected an object');
      const inputs = [...(args.castEid ? [{ id: 'file0', castEid: args.castEid }] : []), ...(args.files ?? []).filter((file): file is WeldFileInput => file !== null)];
      if (inputs.length > MAX_FILES) throw invalid('files', `At most ${MAX_FILES} files`);
      // Everything is checked before anything is stored: Casts named exist, uploads are PDFs.
      const ids = new Set<string>();
      const casts = new Map<string, CastView>();
      for (const [i, file] of inputs.entries()) {
        if (file.id.trim() === '' || file.id.length > 128) throw invalid(`files[${i}].id`, 'Expected a non-empty id of at most 128 characters');
        if (ids.has(file.id)) throw invalid(`files[${i}].id`, `"${file.id}" is the id of another file`);
        ids.add(file.id);
        if (file.castEid && file.file) throw invalid(`files[${i}]`, 'Give castEid or file, not both');
        if (!file.castEid && !file.file) throw invalid(`files[${i}]`, 'Give castEid (a template) or file (an upload)');
        if (file.castEid) casts.set(file.id, await ownedCast(context, file.castEid).catch(() => { throw invalid(`files[${i}].castEid`, `No PDF template ${file.castEid}`); }));
        else await checkTemplateBytes(context.inspector, file.file!.bytes, `files[${i}].file`);
      }
      const files: StoredWeldFile[] = [];
      for (const file of inputs) {
        const cast = casts.get(file.id);
        if (cast) {
          files.push({ id: file.id, title: optionalText(file.title, 'title') || cast.title, castEid: cast.eid, filename: `${cast.title}.pdf` });
        } else {
          const upload = file.file!;
          const title = optionalText(file.title, 'title') || optionalText(file.name, 'name') || upload.filename.replace(/\.pdf$/i, '');
          const created = await context.deps.store.createCast({ organizationId: organization.id, name: title, title, pdf: upload.bytes, fields: [], isTemplate: args.createCastTemplatesFromUploads === true });
          files.push({ id: file.id, title, castEid: created.eid, filename: upload.filename });
        }
      }
      const document: WeldDocument = { files, config: (args.config as JsonObject | undefined) ?? {}, draftStep: optionalText(args.draftStep, 'draftStep', 64) ?? null };
      return context.deps.store.createWeld({ organizationId: organization.id, name, ...(slug ? { slug } : {}), visibility, document: document as unknown as JsonObject });
    },
    forgeSubmit: (_: unknown, args: { forgeEid: string }) => {
      throw notFound(`No Forge ${args.forgeEid.slice(0, 64)}: this server's workflows have no webforms`);
    },
    removeWeldData: (_: unknown, args: { eid: string }) => {
      throw notFound(`No WeldData ${args.eid.slice(0, 64)}: this server's workflows have no submissions`);
    },
    generateEtchSignURL: () => {
      throw new ApiError(501, 'NotImplementedError', 'Signing is not available on this server yet: packets are stored, not sent to signers');
    },
  },
  Weld: {
    hasBeenPublished: (weld: WeldRecord) => weld.visibility !== 'draft',
    config: (weld: WeldRecord, args: { onlyKeys?: string[] | null }) => pick(weldDocument(weld).config, args.onlyKeys),
    files: (weld: WeldRecord) => weldDocument(weld).files,
    organization: (_: WeldRecord, __: unknown, { caller }: GraphQLContext) => caller.organization,
    forges: () => [],
    casts: async (weld: WeldRecord, _: unknown, context: GraphQLContext) => {
      const casts = await Promise.all(weldDocument(weld).files.map((file) => context.deps.store.getCastByEid(file.castEid)));
      return casts.filter((cast) => cast !== null && cast.organizationId === weld.organizationId).map((cast) => castView(cast!));
    },
    archivedAt: () => null,
  },
};

function weldDocument(weld: WeldRecord): WeldDocument {
  return weld.document as unknown as WeldDocument;
}
