import type { Config } from '../../config.ts';
import type { VoiceProvider } from './voice.ts';

/**
 * Retell when both RETELL_API_KEY and RETELL_AGENT_ID are set; otherwise none (voice off).
 * Its SDK is loaded only then, not by every instance (and every test app) without voice.
 */
export async function createVoiceProvider(config: Config): Promise<VoiceProvider | null> {
  if (!config.RETELL_API_KEY || !config.RETELL_AGENT_ID) return null;
  const { createRetellVoiceProvider } = await import('./retell.ts');
  return createRetellVoiceProvider({
    apiKey: config.RETELL_API_KEY,
    agentId: config.RETELL_AGENT_ID,
    baseUrl: config.RETELL_BASE_URL,
  });
}
