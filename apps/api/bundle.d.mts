/** See bundle.mjs. */
export function bundleServer(options: { outfile: string; sourcemap?: boolean }): Promise<void>;
