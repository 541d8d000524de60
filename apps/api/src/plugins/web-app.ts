import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.ts';
import { loadPrerenderedPages } from './prerendered-pages.ts';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * the build's brotli/gzip copies to browsers that accept them, the public pages prerendered
 * in the reader's language, and any other non-API GET that matches no file answered with
 * index.html (SPA fallback).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  { identity = 'local' }: { identity?: string } = {},
): Promise<void> {
  const hasWebApp = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) await registerStaticFiles(app, distDir);
  const prerendered = hasWebApp ? loadPrerenderedPages(distDir, identity) : undefined;
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    const pathname = request.url.split('?')[0]!;
    // A prescription's verification address ends in its token, a JWS whose dots are no extension.
    const isFile = !pathname.startsWith('/verify/') && path.extname(pathname) !== '';
    if (!hasWebApp || !isPage || isFile) {
      request.log.info({ code: 'ROUTE_NOT_FOUND' }, 'no such route');
      return reply.code(404).send(errorBody('ROUTE_NOT_FOUND'));
    }
    void reply.header('Cache-Control', 'no-cache');
    const page = prerendered?.fileFor(request);
    // The file depends on the language cookie and header: caches must keep them apart.
    if (page) return reply.header('Vary', 'Cookie, Accept-Language').sendFile(page);
    return reply.sendFile('index.html');
  });
}

async function registerStaticFiles(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    // apps/web/scripts/compress.mjs writes .br and .gz beside each text file.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header(
        'Cache-Control',
        isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
