// generateEmbedURL and expireSessionToken (embedded-builders.md §4.1, §4.5): a one-time URL for
// one object of the caller's organization, and its revocation.
import { EMBED_TYPES, embedUrl, newSecret } from '../../embed/tokens.js';
import { hashSecret } from '../../keys.js';
import { tokenExpiry } from '../../embed/lifetime.js';
import { checkEmbedOptions } from '../../embed/options.js';
import type { GraphQLContext } from '../context.js';
import { ApiError, invalid, notFound } from '../errors.js';
import { ownedCast } from './casts.js';
import { ownedEtchPacket } from './etch-packets.js';

interface GenerateEmbedUrlArgs { type: string; eid: string; validUntil?: string | null; validForSeconds?: number | null; metadata?: unknown; options?: unknown }

export const embedUrlResolvers = {
  Mutation: {
    async generateEmbedURL(_: unknown, args: GenerateEmbedUrlArgs, context: GraphQLContext) {
      const kind = Object.prototype.hasOwnProperty.call(EMBED_TYPES, args.type) ? EMBED_TYPES[args.type]! : null;
      if (!kind) throw invalid('type', `Expected one of ${Object.keys(EMBED_TYPES).join(', ')}, received ${JSON.stringify(args.type.slice(0, 64))}`);
      const now = new Date();
      const expiresAt = tokenExpiry(args, context.settings.embed, now);
      const options = checkEmbedOptions(kind.canonical, args.options);
      // The object must be the caller's; another organization's is reported as missing. Its
      // state now is kept with the token: a Weld's visibility decides weldCreate or weldEdit.
      let objectState: string | null = null;
      if (kind.object === 'cast') await ownedCast(context, args.eid);
      else if (kind.object === 'etchPacket') {
        const packet = await ownedEtchPacket(context, args.eid);
        if (packet.status !== 'draft') throw new ApiError(400, 'ValidationError', `EtchPacket ${packet.eid} has been sent: only a draft packet (isDraft: true) can be edited in the builder`, [{ property: 'eid', message: 'The packet is not a draft' }]);
        objectState = packet.status;
      } else {
        const weld = await context.deps.store.getWeldByEid(args.eid);
        if (!weld || weld.organizationId !== context.caller.organization.id) throw notFound(`No Weld ${args.eid.slice(0, 64)}`);
        objectState = weld.visibility;
      }
      const secret = newSecret();
      const token = await context.deps.store.createEmbedToken({
        organizationId: context.caller.organization.id,
        secretHash: hashSecret(secret),
        objectType: kind.object,
        objectEid: args.eid,
        embedType: kind.canonical,
        options,
        metadata: args.metadata ?? null,
        objectState,
        expiresAt,
      });
      return { url: embedUrl(context.publicBase, kind.canonical, secret), requestTokenEid: token.eid };
    },
    expireSessionToken: (_: unknown, args: { requestTokenEid: string }, context: GraphQLContext) =>
      context.deps.store.revokeEmbedToken(context.caller.organization.id, args.requestTokenEid, new Date()),
  },
};
