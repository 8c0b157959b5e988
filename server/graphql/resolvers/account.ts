// currentUser and organization: the API key's user is its organization's API user (this server
// has no people accounts), and it reaches that one organization, which it may also change.
import { checkEmbedOrigins } from '../../embed/origins.js';
import type { Organization } from '../../store/types.js';
import type { GraphQLContext } from '../context.js';
import { invalid, notFound } from '../errors.js';

interface UpdateOrganizationArgs { eid?: string | null; organizationSlug?: string | null; embedOrigins?: string[] | null }

export const accountResolvers = {
  Query: {
    currentUser: (_: unknown, __: unknown, { caller }: GraphQLContext) => ({
      id: caller.key.id,
      eid: caller.organization.eid,
      name: `${caller.organization.name} API`,
      role: 'api',
      organizations: [caller.organization],
      createdAt: caller.key.createdAt,
      updatedAt: caller.key.createdAt,
    }),
    organization: (_: unknown, args: { organizationSlug: string }, { caller }: GraphQLContext) =>
      args.organizationSlug === caller.organization.slug ? caller.organization : null,
  },
  Mutation: {
    async updateOrganization(_: unknown, args: UpdateOrganizationArgs, { caller, deps }: GraphQLContext) {
      const own = caller.organization;
      if (!args.eid && !args.organizationSlug) throw invalid('eid', 'Give the organization\'s eid (or its organizationSlug)');
      // Another organization is as unknown as a missing one.
      if ((args.eid && args.eid !== own.eid) || (args.organizationSlug && args.organizationSlug !== own.slug)) throw notFound(`No organization ${(args.eid || args.organizationSlug || '').slice(0, 64)}`);
      // Absent: unchanged; null: any origin.
      if (!Object.hasOwn(args, 'embedOrigins')) return (await deps.store.getOrganizationById(own.id)) ?? own;
      return deps.store.setEmbedOrigins(own.id, checkEmbedOrigins(args.embedOrigins));
    },
  },
  Organization: {
    isPersonal: () => false,
    updatedAt: (org: Organization) => org.createdAt,
    casts: async (org: Organization, args: { isTemplate?: boolean | null }, { deps }: GraphQLContext) => {
      const casts = await deps.store.listCasts(org.id);
      return args.isTemplate === null || args.isTemplate === undefined ? casts : casts.filter((cast) => cast.isTemplate === args.isTemplate);
    },
    welds: async (org: Organization, args: { visibility?: string | null }, { deps }: GraphQLContext) => {
      const welds = await deps.store.listWelds(org.id);
      return args.visibility ? welds.filter((weld) => weld.visibility === args.visibility) : welds;
    },
    etchPackets: async (org: Organization, args: { status?: string[] | null; isTest?: boolean | null; limit?: number | null; offset?: number | null }, { deps }: GraphQLContext) => {
      const all = (await deps.store.listEtchPackets(org.id)).filter(
        (packet) => (!args.status || args.status.includes(packet.status)) && (args.isTest === null || args.isTest === undefined || packet.isTest === args.isTest),
      );
      const pageSize = Math.min(Math.max(args.limit ?? 5, 1), 100);
      const page = Math.max(args.offset ?? 1, 1);
      return { rowCount: all.length, pageCount: Math.ceil(all.length / pageSize), page, pageSize, items: all.slice((page - 1) * pageSize, page * pageSize) };
    },
    forges: () => [],
  },
};
