import { z } from 'zod';

/**
 * A 200 whose body is a page or a file rather than JSON (sent as a string or a stream with its
 * own content type, so no serializer touches it), for OpenAPI.
 */
export const ZDocument = (what: string) => z.any().describe(what);

/** A 303 to a page of the web app (the local checkout's Pay and Cancel). */
export const ZSeeOther = (to: string) => z.null().describe(`See Other: to ${to}`);
