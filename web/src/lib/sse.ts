/** One server-sent event: its type (`message` unless named), its data lines joined by "\n", the last id seen. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string;
}

export interface SseParser {
  /** Feeds the next piece of the stream, which may end anywhere, even inside a line. */
  push(chunk: string): void;
}

/**
 * Parses a `text/event-stream` as the HTML standard says: lines end with CRLF, LF or CR; a blank
 * line dispatches the event being built; `:` starts a comment (a heartbeat); one space after a
 * field's colon is dropped; an event without data is not dispatched. `retry` is not needed here
 * (the caller decides when to reconnect) and is ignored like unknown fields.
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void): SseParser {
  let pending = '';
  let started = false;
  let dropLeadingLineFeed = false;
  let eventType = '';
  let data: string[] = [];
  let lastId = '';

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventType || 'message', data: data.join('\n'), id: lastId });
    data = [];
    eventType = '';
  };

  const processLine = (line: string) => {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const rawValue = colon === -1 ? '' : line.slice(colon + 1);
    const value = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue;
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  };

  return {
    push(chunk) {
      let text = chunk;
      if (!started && text !== '') {
        started = true;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      // A CR that ended the previous piece may be the first half of a CRLF.
      if (dropLeadingLineFeed && text.startsWith('\n')) text = text.slice(1);
      if (text !== '') dropLeadingLineFeed = text.endsWith('\r');
      const lines = (pending + text).split(/\r\n|\r|\n/);
      pending = lines.pop() ?? '';
      lines.forEach(processLine);
    },
  };
}
