export function drivesHeadless(argv: string[]): boolean;
export function chromeLocations(platform: string, env: Record<string, string | undefined>): string[];
export function findChrome(options?: {
  platform?: string;
  env?: Record<string, string | undefined>;
  exists?: (file: string) => boolean;
  playwrightPath?: () => string | undefined;
  /** A browser only ever driven without a window: the headless shell first, where installed (Linux). */
  headless?: boolean;
}): string | null;
export function noChromeMessage(platform?: string): string;
