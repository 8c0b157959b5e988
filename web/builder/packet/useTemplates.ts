// The templates of the packet's files (GET session/casts/<castEid>), fetched once each: their
// fields are what a signer can be attached to, their titles name the documents.
import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import type { CastSummary, PacketFile } from './types.js';

export type TemplateState = { readonly state: 'loading' } | { readonly state: 'ready'; readonly cast: CastSummary } | { readonly state: 'failed'; readonly message: string };

/** Keyed by castEid; files without a castEid have no entry. */
export function useTemplates(api: Api, files: readonly PacketFile[]): ReadonlyMap<string, TemplateState> {
  const castEids = [...new Set(files.flatMap((file) => (file.castEid ? [file.castEid] : [])))];
  const key = castEids.join('\n');
  const [templates, setTemplates] = useState<ReadonlyMap<string, TemplateState>>(() => new Map(castEids.map((eid) => [eid, { state: 'loading' }])));
  useEffect(() => {
    let cancelled = false;
    const settle = (eid: string, state: TemplateState): void => {
      if (!cancelled) setTemplates((previous) => new Map(previous).set(eid, state));
    };
    for (const eid of castEids) {
      if (templates.get(eid)?.state === 'ready') continue;
      settle(eid, { state: 'loading' });
      api.get<CastSummary>(`casts/${encodeURIComponent(eid)}`).then(
        (cast) => settle(eid, { state: 'ready', cast: { ...cast, fields: Array.isArray(cast.fields) ? cast.fields : [] } }),
        (error: unknown) => settle(eid, { state: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    }
    return () => {
      cancelled = true;
    };
    // castEids is derived from `key`; `templates` is read only to skip what is already loaded.
  }, [api, key]);
  return templates;
}
