/** The Node options every launcher of the built server passes (see server-node-args.mjs). */
export declare const SERVER_NODE_ARGS: readonly string[];
