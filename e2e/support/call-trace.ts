import type { BrowserContext, Page } from '@playwright/test';

/**
 * What one side of a video call saw, for a journey that does not connect: every signal it posted
 * and every event its stream delivered (in order, with the signal's kind and a candidate's type),
 * and every step of its `RTCPeerConnection` (descriptions set, candidates added or refused,
 * signalling, ICE and connection states). Recorded by an init script in the test's browser only;
 * the app itself logs nothing of a call.
 */
export async function traceCalls(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const started = performance.now();
    const trace: string[] = [];
    (window as unknown as { __callTrace: string[] }).__callTrace = trace;
    const log = (line: string) =>
      trace.push(`${((performance.now() - started) / 1000).toFixed(2)}s ${line}`);
    const describe = (type: string, payload: unknown): string => {
      if (type !== 'candidate') return type;
      const text = String((payload as { candidate?: string } | null)?.candidate ?? '');
      return `candidate ${/ typ (\w+)/.exec(text)?.[1] ?? 'end'} ufrag=${(payload as { usernameFragment?: string } | null)?.usernameFragment ?? '?'}`;
    };

    const Native = window.RTCPeerConnection;
    let count = 0;
    class Traced extends Native {
      readonly traceId = ++count;
      constructor(config?: RTCConfiguration) {
        super(config);
        const say = (line: string) => log(`pc${this.traceId} ${line}`);
        say(`new policy=${config?.iceTransportPolicy ?? 'all'}`);
        this.addEventListener('signalingstatechange', () =>
          say(`signaling ${this.signalingState}`),
        );
        this.addEventListener('iceconnectionstatechange', () =>
          say(`ice ${this.iceConnectionState}`),
        );
        this.addEventListener('connectionstatechange', () =>
          say(`connection ${this.connectionState}`),
        );
        this.addEventListener('icegatheringstatechange', () =>
          say(`gathering ${this.iceGatheringState}`),
        );
        this.addEventListener('negotiationneeded', () => say('negotiationneeded'));
      }
      private step<T>(name: string, run: () => Promise<T>): Promise<T> {
        const say = (line: string) => log(`pc${this.traceId} ${line}`);
        say(name);
        return run().then(
          (value) => {
            say(`${name}: ok (${this.signalingState})`);
            return value;
          },
          (error: unknown) => {
            say(`${name}: FAILED ${(error as Error).message}`);
            throw error;
          },
        );
      }
      override setLocalDescription(description?: RTCLocalSessionDescriptionInit) {
        return this.step(`setLocal ${description?.type ?? '(implicit)'}`, () =>
          super.setLocalDescription(description),
        );
      }
      override setRemoteDescription(description: RTCSessionDescriptionInit) {
        return this.step(`setRemote ${description.type}`, () =>
          super.setRemoteDescription(description),
        );
      }
      override addIceCandidate(candidate?: RTCIceCandidateInit | null) {
        return this.step(`addIceCandidate ${describe('candidate', candidate)}`, () =>
          super.addIceCandidate(candidate),
        );
      }
      override restartIce() {
        log(`pc${this.traceId} restartIce`);
        super.restartIce();
      }
      override close() {
        log(`pc${this.traceId} close`);
        super.close();
      }
    }
    window.RTCPeerConnection = Traced;

    const nativeFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (/\/video\/signal$/.test(url)) {
        const body =
          typeof init?.body === 'string'
            ? init.body
            : input instanceof Request
              ? await input.clone().text()
              : '';
        const { type, payload } = JSON.parse(body || '{}') as { type?: string; payload?: unknown };
        log(`post ${describe(String(type), payload)}`);
        const response = await nativeFetch(input, init);
        log(`post ${String(type)} answered ${response.status}`);
        return response;
      }
      if (!/\/video\/events$/.test(url)) return nativeFetch(input, init);
      log('stream opening');
      const response = await nativeFetch(input, init);
      log(`stream answered ${response.status}`);
      if (!response.body) return response;
      const [mine, theirs] = response.body.tee();
      void (async () => {
        const reader = theirs.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            const blocks = buffer.split('\n\n');
            buffer = blocks.pop() ?? '';
            for (const block of blocks) {
              const name = /^event: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (!name) continue;
              const parsed = JSON.parse(data ?? '{}') as Record<string, unknown>;
              log(
                `event ${name} ${
                  name === 'signal'
                    ? `${String(parsed.from)} ${describe(String(parsed.type), parsed.payload)}`
                    : JSON.stringify(parsed)
                }`,
              );
            }
          }
          log('stream ended');
        } catch (error) {
          log(`stream cut: ${(error as Error).message}`);
        }
      })();
      return new Response(mine, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  });
}

/** One side's trace so far, then its connection's candidate pairs (`getStats`). */
export function callTrace(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const lines = [...((window as unknown as { __callTrace?: string[] }).__callTrace ?? [])];
    const connection = (window as unknown as Record<string, RTCPeerConnection | undefined>)
      .__carebridgeVideoConnection;
    if (connection) {
      const stats = new Map<string, Record<string, unknown>>();
      (await connection.getStats()).forEach((stat: Record<string, unknown>) =>
        stats.set(String(stat.id), stat),
      );
      const candidate = (id: unknown) => {
        const found = stats.get(String(id));
        return found ? `${String(found.candidateType)}/${String(found.protocol)}` : '?';
      };
      for (const stat of stats.values())
        if (stat.type === 'candidate-pair')
          lines.push(
            `pair ${candidate(stat.localCandidateId)} -> ${candidate(stat.remoteCandidateId)} ${String(stat.state)} nominated=${String(stat.nominated)} sent=${String(stat.requestsSent)} received=${String(stat.responsesReceived)}`,
          );
    } else lines.push('no connection');
    return lines.join('\n');
  });
}
