import crypto from 'node:crypto';
import os from 'node:os';

/**
 * This process among the API instances sharing one database: host and process id for
 * operators, plus random bits since containers often all run as process 1.
 */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
