import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from './sse';

function parse(...chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  chunks.forEach((chunk) => {
    parser.push(chunk);
  });
  return events;
}

describe('createSseParser', () => {
  it('reads a named event with its data', () => {
    expect(parse('event: friend_listen\ndata: {"id":"h1"}\n\n')).toEqual([
      { event: 'friend_listen', data: '{"id":"h1"}', id: '' },
    ]);
  });

  it('calls an unnamed event a message and joins its data lines', () => {
    expect(parse('data: first\ndata: second\n\n')).toEqual([{ event: 'message', data: 'first\nsecond', id: '' }]);
  });

  it('puts together an event split anywhere across pieces, even inside a CRLF', () => {
    expect(parse('eve', 'nt: friend_listen\r', '\ndata: {"i', 'd":"h1"}\r\n', '\r\n')).toEqual([
      { event: 'friend_listen', data: '{"id":"h1"}', id: '' },
    ]);
  });

  it('accepts CR line endings', () => {
    expect(parse('data: a\r\rdata: b\r\r')).toEqual([
      { event: 'message', data: 'a', id: '' },
      { event: 'message', data: 'b', id: '' },
    ]);
  });

  it('skips comments such as heartbeats, and events without data', () => {
    expect(parse(': heartbeat\n\nevent: friend_listen\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x', id: '' }]);
  });

  it('drops only one space after the colon, and keeps a value without one', () => {
    expect(parse('data:  two spaces\n\ndata:none\n\n').map((event) => event.data)).toEqual([' two spaces', 'none']);
  });

  it('keeps the last event id for the following events', () => {
    expect(parse('id: 7\ndata: a\n\ndata: b\n\n').map((event) => event.id)).toEqual(['7', '7']);
  });

  it('does not dispatch an event until its blank line arrives', () => {
    expect(parse('data: unfinished\n')).toEqual([]);
  });

  it('ignores a byte order mark at the start and unknown fields', () => {
    expect(parse('\uFEFFdata: a\nretry: 3000\nfoo: bar\n\n')).toEqual([{ event: 'message', data: 'a', id: '' }]);
  });
});
