// `npm run build -w apps/api`: the API bundle `npm start` runs (see bundle.mjs).
import { bundleServer } from './bundle.mjs';

await bundleServer({ outfile: 'dist/server.js' });
