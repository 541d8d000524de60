/** One server-sent event as the stream delivers it (the HTML standard's event stream format). */
export interface ServerSentEvent {
  /** `event:`; `message` when the event names none. */
  name: string;
  /** `data:` lines joined by line breaks. */
  data: string;
  /** `id:` of this event, if it had one. */
  id?: string;
}

/**
 * Reads `text/event-stream` text as it arrives, in pieces cut anywhere (even inside a line or
 * between a CR and its LF). Comment lines (`:`) keep the connection alive and are skipped;
 * `retry:` is the server's advice for the reconnection delay. An event is dispatched at its blank
 * line; one with no data is dropped, as a browser's EventSource drops it.
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  let id: string | undefined;
  let retryMs: number | undefined;

  function takeLine(line: string) {
    if (line === '') {
      if (data.length > 0)
        onEvent({
          name: name || 'message',
          data: data.join('\n'),
          ...(id !== undefined && { id }),
        });
      name = '';
      data = [];
      id = undefined;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const end = /\r\n|\r|\n/.exec(buffer);
        // A CR at the very end may be the first half of CRLF: wait for the next piece.
        if (!end || (end[0] === '\r' && end.index === buffer.length - 1)) return;
        takeLine(buffer.slice(0, end.index));
        buffer = buffer.slice(end.index + end[0].length);
      }
    },
    /** The server's `retry:` advice, once it has given one. */
    get retryMs() {
      return retryMs;
    },
  };
}
