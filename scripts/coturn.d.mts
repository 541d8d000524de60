/** Debian's coturn started on loopback for tests (see coturn.mjs). */
export interface Coturn {
  port: number;
  /** `turn:127.0.0.1:<port>`, as `TURN_URLS` takes it. */
  url: string;
  realm: string;
  dir: string;
  /** The server's log so far. */
  log(): string;
  stop(): Promise<void>;
}

export declare function hasCoturn(): boolean;
export declare function freeTurnPort(): Promise<number>;
export declare function startCoturn(options: {
  secret: string;
  realm?: string;
  allowLoopbackPeers?: boolean;
  deniedPeerIps?: string[];
}): Promise<Coturn>;
export declare function startTurnPeer(): Promise<{ port: number; stop(): Promise<void> }>;
export declare function tryTurnRelay(options: {
  port: number;
  username: string;
  credential: string;
  peerPort: number;
}): Promise<{
  code: number;
  output: string;
  allocated: boolean;
  relayed: boolean;
  forbidden: boolean;
}>;
