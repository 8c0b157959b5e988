/** Builds the embedded builders' front end into `outdir` (default dist/web); resolves to the folder. */
export function buildWeb(options?: { outdir?: string; minify?: boolean }): Promise<string>;
