/** The file name of a programme's export: its name in safe characters. */
export function exportFileName(name: string, version: number): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${base || 'programme'}-v${version}.programme.json`;
}
