import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { SERVER_ENTRY } from './portal.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
/** V8's CPU profile as `node --cpu-prof` writes it; times in µs of the system's monotonic clock. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Packages by what they do for a request. */
const PACKAGE_ROOMS: [RegExp, string][] = [
  [/^(@fastify\/rate-limit|ioredis)$/, 'rate limiting'],
  [/^(zod|fastify-type-provider-zod)$/, 'validation (zod)'],
  [
    /^(fastify|find-my-way|@fastify\/.*|avvio|fast-querystring|fast-json-stringify|secure-json-parse|toad-cache|light-my-request|process-warning|fast-decode-uri-component|ret|safe-regex2)$/,
    'Fastify (routing, hooks, replies)',
  ],
  [/^(pg|pg-.*|postgres-.*|pgpass|buffer-writer|packet-reader)$/, 'PostgreSQL client (protocol)'],
  [/^drizzle-orm$/, 'query builder (drizzle)'],
  [
    /^(pino|pino-.*|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|atomic-sleep|on-exit-leak-free|fast-safe-stringify)$/,
    'logging',
  ],
  [/^jose$/, 'authentication'],
];

/** The API's own sources (through the bundle's source map) by what they do. */
const SOURCE_ROOMS: [RegExp, string][] = [
  [/modules\/auth\/|providers\/identity\//, 'authentication'],
  [/plugins\/rate-limits|lib\/rate-limit-store/, 'rate limiting'],
  [/plugins\/request-log|lib\/request-id|loggable-error/, 'logging'],
  [/plain-json-serializer|response-schemas|openapi-answers/, 'serialization'],
  [/packages\/shared\//, 'validation (zod)'],
  [/src\/db\//, 'database access (the API)'],
  [/modules\/audit\//, 'audit'],
  [/plugins\/security-headers|plugins\/error-handler/, 'security headers and errors'],
  [/modules\/patients\/|modules\/appointments\//, 'the route (patients, appointments)'],
];

function packageOf(url: string): string | null {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  return match ? match[1]! : null;
}

/**
 * What a frame does, or null when it says nothing by itself (V8 builtins, Node's internals): time
 * there is the nearest caller's that does say.
 */
function roomOf(
  frame: ProfileNode['callFrame'],
  sourceOf: (line: number, column: number) => string | null,
): string | null {
  const { url, functionName } = frame;
  if (functionName === '(idle)') return 'idle (event loop waiting)';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 and native code (unattributed)';
  const name = packageOf(url);
  if (name) return PACKAGE_ROOMS.find(([pattern]) => pattern.test(name))?.[1] ?? `package ${name}`;
  if (url.endsWith('/dist/server.js')) {
    const source = sourceOf(frame.lineNumber, frame.columnNumber);
    if (!source) return 'the API (unmapped)';
    if (/node_modules\//.test(source)) return roomOf({ ...frame, url: source }, sourceOf);
    return (
      SOURCE_ROOMS.find(([pattern]) => pattern.test(source))?.[1] ??
      `the API: ${path.dirname(source).replace(/^.*src\//, '')}`
    );
  }
  return null;
}

/** Where the server's time went between `from` and `to` (µs, monotonic), by room. */
export function profileRooms(profile: CpuProfile, { from, to }: { from: number; to: number }) {
  const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(`${SERVER_ENTRY}.map`, 'utf8')));
  const sources = new Map<string, string | null>();
  const sourceOf = (line: number, column: number) => {
    const key = `${line}:${column}`;
    if (!sources.has(key)) {
      sources.set(key, map.originalPositionFor({ line: line + 1, column }).source ?? null);
    }
    return sources.get(key)!;
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const rooms = new Map<number, string>();
  const roomOfNode = (id: number): string => {
    const known = rooms.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const parent = parentOf.get(id);
    const room =
      roomOf(node.callFrame, sourceOf) ??
      (parent === undefined || byId.get(parent)!.callFrame.functionName === '(root)'
        ? `Node (${node.callFrame.url ? 'HTTP, streams, sockets' : 'builtins'})`
        : roomOfNode(parent));
    rooms.set(id, room);
    return room;
  };
  const totals = new Map<string, number>();
  const functions = new Map<string, number>();
  const roomFunctions = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time < from || time > to) return;
    const room = roomOfNode(id);
    totals.set(room, (totals.get(room) ?? 0) + delta);
    const frame = byId.get(id)!.callFrame;
    const source = frame.url.endsWith('/dist/server.js')
      ? sourceOf(frame.lineNumber, frame.columnNumber)
      : frame.url;
    const key = `${frame.functionName || '(anonymous)'} ${(source ?? '').replace(/^.*node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/')}`;
    functions.set(key, (functions.get(key) ?? 0) + delta);
    const inRoom = `${room} ▸ ${key}`;
    roomFunctions.set(inRoom, (roomFunctions.get(inRoom) ?? 0) + delta);
  });
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    rooms: sorted(totals),
    functions: sorted(functions),
    roomFunctions: sorted(roomFunctions),
  };
}

/** The one profile `node --cpu-prof --cpu-prof-dir=dir` wrote. */
export function readProfile(dir: string): CpuProfile {
  const [file] = fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile in ${dir}`);
  return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
}
