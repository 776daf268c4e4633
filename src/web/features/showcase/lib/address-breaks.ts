/**
 * An address split where a line may break when it is too long for its line: after each "/" and before each
 * ".", as one reads it ("example.org/" "showcase/" "spring-2026"), never inside a word. A tag's own
 * hyphens break by themselves.
 */
export function addressBreaks(address: string): string[] {
  return address.split(/(?<=\/)|(?=\.)/).filter((part) => part !== '');
}
