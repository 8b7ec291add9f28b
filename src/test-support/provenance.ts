/** An output file's text without the command line its provenance records: what differs between two runs written to different --out folders. */
export function withoutCommandLine(text: string): string {
  return text.replace(/"command": ".*",\n/, '');
}
