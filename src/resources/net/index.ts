// The network half of the resource loader: fetching one URL safely (http/https with address
// checks after DNS, data:, file: inside a root), with per-kind limits, content-type checks and
// a shared, bounded cache. See loader.ts for the entry point.
export type { FetchedResource, ResourceKind } from './kinds.js';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_REDIRECTS, DEFAULT_TIMEOUT_MS } from './kinds.js';
export { ResourceError, redactUrl, type ResourceErrorReason } from './errors.js';
export { createResourceLoader, type LoaderOptions, type NetworkResourceLoader, type ResourceLoader } from './loader.js';
export { ResponseCache, DEFAULT_CACHE_BYTES } from './cache.js';
export { DEFAULT_FRESHNESS_MS, freshnessLifetimeMs } from './freshness.js';
export { classifyAddress, isPublicAddress, type AddressCategory } from './address.js';
export { sniffImageType } from './sniff.js';
export type { HostResolver, ResolvedAddress } from './lookup.js';
