/**
 * Browser and system of a User-Agent header, for the profile's device list ('Chrome 131' on 'Windows'). Only the
 * common families: anything else is '' and the list shows "Unknown browser". Order matters: Edge and Opera also
 * say Chrome, Chrome also says Safari.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/Chromium\/(\d+)/, 'Chromium'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows NT/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export interface UserAgentInfo {
  browser: string;
  os: string;
}

export function parseUserAgent(userAgent: string | undefined): UserAgentInfo {
  const ua = userAgent ?? '';
  let browser = '';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? '';
  return { browser, os };
}
