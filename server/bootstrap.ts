// First start: an empty store gets a development organization and a development key, so that
// `npm start` is enough to try the API. The key is printed once; only its hash is stored.
import { generateApiKey, hashSecret, KEY_PREFIX_LENGTH } from './keys.js';
import type { KeyMode, Store } from './store/types.js';

/** Creates a key for an organization; returns the key itself (shown once). */
export async function issueApiKey(store: Store, organizationId: number, mode: KeyMode): Promise<string> {
  const key = generateApiKey();
  await store.createApiKey({ organizationId, mode, hash: hashSecret(key), prefix: key.slice(0, KEY_PREFIX_LENGTH) });
  return key;
}

/** On an empty store: the development organization and its key; null when the store has organizations. */
export async function bootstrapStore(store: Store): Promise<{ organizationEid: string; key: string } | null> {
  if ((await store.countOrganizations()) > 0) return null;
  const organization = await store.createOrganization({ name: 'Development' });
  return { organizationEid: organization.eid, key: await issueApiKey(store, organization.id, 'development') };
}
