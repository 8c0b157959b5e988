// What every builder is given: the session, the server API, the messenger to the parent, and
// the embedded object as GET session/object answered it.
import type { Api } from './api.js';
import type { Messenger } from './messenger.js';
import type { EmbedSession } from './session.js';

/** GET session/object (server/routes/embed.ts). `object` is the Cast, packet or Weld. */
export interface SessionObject<T = Record<string, unknown>> {
  readonly type: string;
  readonly eid: string;
  readonly organizationSlug: string;
  readonly options: Record<string, unknown>;
  readonly metadata: unknown;
  readonly object: T;
}

export interface BuilderProps<T = Record<string, unknown>> {
  readonly session: EmbedSession;
  readonly api: Api;
  readonly messenger: Messenger;
  readonly loaded: SessionObject<T>;
}
