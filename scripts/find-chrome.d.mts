export function chromeLocations(platform: string, env: Record<string, string | undefined>): string[];
export function findChrome(options?: {
  platform?: string;
  env?: Record<string, string | undefined>;
  exists?: (file: string) => boolean;
  playwrightPath?: () => string | undefined;
}): string | null;
export function noChromeMessage(platform?: string): string;
