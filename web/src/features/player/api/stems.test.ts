import { describe, expect, it } from 'vitest';
import { stemsChangeOf } from './stems';

describe('stemsChangeOf', () => {
  it("reads the track, status and progress of a stems event's data", () => {
    expect(stemsChangeOf('{"track_id":"t1","status":"loading","progress":42}')).toEqual({ track_id: 't1', status: 'loading', progress: 42 });
    expect(stemsChangeOf('{"track_id":"t1","status":"ready","progress":100}')).toEqual({ track_id: 't1', status: 'ready', progress: 100 });
  });

  it('reads nothing from data that is not JSON, names no known status or misses a field', () => {
    expect(stemsChangeOf('loading')).toBeNull();
    expect(stemsChangeOf('null')).toBeNull();
    expect(stemsChangeOf('{"track_id":"t1","status":"none","progress":0}')).toBeNull();
    expect(stemsChangeOf('{"track_id":"t1","status":"loading"}')).toBeNull();
    expect(stemsChangeOf('{"status":"loading","progress":5}')).toBeNull();
  });
});
