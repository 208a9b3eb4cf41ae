/**
 * A server process's output as a person reads it. When its output is not a terminal the server
 * writes one JSON object per line (LOG_FORMAT's default): each such line becomes its message, so a
 * test looks for the words ('Cannot start: ...') rather than their JSON escaping.
 */
export function logText(output: string): string {
  return output
    .split('\n')
    .map((line) => {
      try {
        const parsed = JSON.parse(line) as { msg?: unknown };
        return typeof parsed.msg === 'string' ? parsed.msg : line;
      } catch {
        return line;
      }
    })
    .join('\n');
}
