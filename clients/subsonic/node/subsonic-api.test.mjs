// The unmodified npm client subsonic-api against Backbeat's OpenSubsonic API at /rest.
//
// A listener on the Premium plan (lossless: FLAC for a lossless upload) connects with their email
// and an app password, as a Subsonic app would: token auth over GET, the same over form POST
// (OpenSubsonic's formPost), and the app password as an apiKey. They browse, search, stream,
// scrobble, star, keep playlists and a play queue, and fetch cover art; the artist's balance shows
// the scrobble paid. The XML answers, which the client never asks for, are asked with `f=xml`
// through the client's own raw call and read with fast-xml-parser.
//
// The binary: $BACKBEAT_BIN, else $CARGO_TARGET_DIR/debug/backbeat. Missing, the suite is skipped
// (failed under CI=true). BACKBEAT_TEST_BACKEND=postgres runs it on a fresh database on the server
// of TEST_DATABASE_URL.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { SubsonicAPI } from 'subsonic-api';
import * as backbeat from './support/backbeat.mjs';

const ARTIST = 'Nova Lane';
const ALBUM = 'Midnight Static';
const GENRE = 'Synthwave';

const missing = backbeat.missingPrerequisite();
if (missing && process.env.CI === 'true') throw new Error(`Subsonic client tests cannot run: ${missing}`);
if (missing) console.warn(`Skipping the Subsonic client tests: ${missing}`);

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['song', 'entry'].includes(name) });

/** The client as an app configures it; `post` sends every call as a form POST. */
function client(baseUrl, auth, { post = false, headers = {} } = {}) {
  const withHeaders = (input, init = {}) => fetch(input, { ...init, headers: { ...init.headers, ...headers } });
  return new SubsonicAPI({ url: baseUrl, auth, post, fetch: withHeaders });
}

function assertOk(answer) {
  assert.equal(answer.status, 'ok', JSON.stringify(answer));
  return answer;
}

describe('subsonic-api against Backbeat', { skip: missing || false }, () => {
  let server;
  let artist;
  let listener;
  let appPassword;
  let api;

  before(async () => {
    server = await backbeat.startServer();
    const { baseUrl } = server;
    artist = await backbeat.signUp(baseUrl, ARTIST);
    const made = [
      ['Night Drive', ALBUM, [220, 261.63, 329.63, 440], [139, 92, 246]],
      ['City Lights', ALBUM, [246.94, 293.66, 369.99, 493.88], [217, 70, 239]],
      ['Solo Flight', null, [196, 246.94, 293.66, 392], [34, 197, 94]],
    ];
    for (const [title, album, notes, tint] of made) {
      await backbeat.uploadReadyTrack(baseUrl, artist, { title, album, genre: GENRE, notes, cover: backbeat.coverPng(600, tint) });
    }
    listener = await backbeat.signUp(baseUrl, 'Ada Lovelace');
    await backbeat.subscribe(baseUrl, listener, 'premium');
    appPassword = await backbeat.createAppPassword(baseUrl, listener, 'subsonic-api');
    api = client(baseUrl, { username: listener.email, password: appPassword.password });
  });

  after(async () => {
    await server?.stop();
  });

  async function artistEntry() {
    const { artists } = assertOk(await api.getArtists());
    const found = (artists.index ?? []).flatMap((index) => index.artist ?? []).find((entry) => entry.name === ARTIST);
    assert.ok(found, `${ARTIST} is not in getArtists`);
    return found;
  }

  async function albumsByName() {
    const { artist: detail } = assertOk(await api.getArtist({ id: (await artistEntry()).id }));
    return Object.fromEntries(detail.album.map((album) => [album.name, album]));
  }

  async function songIds() {
    const ids = {};
    for (const album of Object.values(await albumsByName())) {
      for (const song of assertOk(await api.getAlbum({ id: album.id })).album.song) ids[song.title] = song.id;
    }
    return ids;
  }

  // ---- signing in

  it('pings with token auth over GET and answers the OpenSubsonic envelope', async () => {
    const answer = assertOk(await api.ping());
    assert.equal(answer.version, '1.16.1');
    assert.equal(answer.type, 'backbeat');
    assert.equal(answer.openSubsonic, true);
    assert.ok(answer.serverVersion);
  });

  it('pings with the same credentials over form POST', async () => {
    const posting = client(server.baseUrl, { username: listener.email, password: appPassword.password }, { post: true });
    assertOk(await posting.ping());
    assert.equal(assertOk(await posting.getArtists()).artists.index[0].artist[0].name, ARTIST);
  });

  it('signs in with the app password as an apiKey', async () => {
    const withKey = client(server.baseUrl, { apiKey: appPassword.password });
    assertOk(await withKey.ping());
    const { user } = assertOk(await withKey.getUser({ username: listener.email }));
    assert.equal(user.username, listener.email);
    assert.equal(user.maxBitRate, 0, 'Premium has no bitrate limit');
    assert.equal(user.streamRole, true);

    const wrong = await client(server.baseUrl, { apiKey: `x${appPassword.password}` }).ping();
    assert.equal(wrong.status, 'failed');
    assert.equal(wrong.error.code, 44);
  });

  it('lists the OpenSubsonic extensions it serves', async () => {
    const { openSubsonicExtensions } = assertOk(await api.getOpenSubsonicExtensions());
    const names = openSubsonicExtensions.map((extension) => extension.name);
    assert.ok(names.includes('apiKeyAuthentication') && names.includes('formPost'), names.join(', '));
  });

  it('refuses a revoked app password from the next request on (code 40)', async () => {
    const account = await backbeat.signUp(server.baseUrl, 'Alan Turing');
    const created = await backbeat.createAppPassword(server.baseUrl, account, 'Feishin');
    const app = client(server.baseUrl, { username: account.email, password: created.password });
    assertOk(await app.ping());

    await backbeat.revokeAppPassword(server.baseUrl, account, created.id);

    const refused = await app.ping();
    assert.equal(refused.status, 'failed');
    assert.equal(refused.error.code, 40);
    const asKey = await client(server.baseUrl, { apiKey: created.password }).ping();
    assert.equal(asKey.error.code, 44);
  });

  // ---- browsing

  it('browses artist, then album, then song', async () => {
    assert.equal((await artistEntry()).albumCount, 2);
    const albums = await albumsByName();
    assert.deepEqual(Object.keys(albums).sort(), [ALBUM, 'Singles']);
    assert.equal(albums[ALBUM].songCount, 2);
    assert.equal(albums.Singles.songCount, 1);

    const { album } = assertOk(await api.getAlbum({ id: albums[ALBUM].id }));
    assert.deepEqual(album.song.map((song) => song.title).sort(), ['City Lights', 'Night Drive']);
    const { song } = assertOk(await api.getSong({ id: album.song[0].id }));
    assert.equal(song.title, album.song[0].title);
    assert.equal(song.artist, ARTIST);
    assert.equal(song.album, ALBUM);
    assert.equal(song.albumId, albums[ALBUM].id);
    assert.equal(song.genre, GENRE);
    assert.ok(song.duration >= 2 && song.duration <= 4);

    const missingSong = await api.getSong({ id: 'no-such-song' });
    assert.equal(missingSong.error.code, 70);
  });

  it('answers what Backbeat has no counterpart for as not supported (error 0), never a server error', async () => {
    for (const answer of [await api.getPodcasts(), await api.getShares(), await api.jukeboxControl({ action: 'status' })]) {
      assert.equal(answer.status, 'failed');
      assert.equal(answer.error.code, 0);
      assert.match(answer.error.message, /^Not supported by Backbeat: /);
    }
  });

  // ---- searching

  it('search3 with the empty query lists the whole catalogue page by page', async () => {
    const seen = [];
    for (let offset = 0; offset < 10; offset++) {
      const { searchResult3 } = assertOk(await api.search3({ query: '', artistCount: 0, albumCount: 0, songCount: 2, songOffset: offset * 2 }));
      const songs = searchResult3.song ?? [];
      if (songs.length === 0) break;
      seen.push(...songs.map((song) => song.id));
    }
    assert.equal(seen.length, 3);
    assert.equal(new Set(seen).size, 3);
    assert.deepEqual(seen.sort(), Object.values(await songIds()).sort());

    const found = assertOk(await api.search3({ query: 'City' })).searchResult3;
    assert.deepEqual((found.song ?? []).map((song) => song.title), ['City Lights']);
  });

  // ---- streaming and plays

  it("streams a byte range in the plan's quality, lowered by maxBitRate, without counting a play", async () => {
    const id = (await songIds())['City Lights'];
    const before = await backbeat.balanceUnits(server.baseUrl, artist);
    const ranged = client(server.baseUrl, { username: listener.email, password: appPassword.password }, {
      headers: { range: 'bytes=0-16383' },
    });

    const lossless = await ranged.stream({ id });
    assert.equal(lossless.status, 206);
    assert.match(lossless.headers.get('content-type'), /^audio\/(x-)?flac$/);
    assert.match(lossless.headers.get('content-range'), /^bytes 0-16383\/\d+$/);
    const flac = Buffer.from(await lossless.arrayBuffer());
    assert.equal(flac.length, 16384);
    assert.deepEqual(backbeat.flacStreamInfo(flac), { sampleRate: 44100, channels: 2, bitsPerSample: 16 });

    const lowered = await ranged.stream({ id, maxBitRate: 128 });
    assert.equal(lowered.headers.get('content-type'), 'audio/mpeg');
    assert.deepEqual([...new Set(backbeat.mp3FrameBitrates(Buffer.from(await lowered.arrayBuffer())).slice(1))], [128]);

    const mp3 = await ranged.stream({ id, format: 'mp3' });
    assert.equal(mp3.headers.get('content-type'), 'audio/mpeg');
    assert.deepEqual([...new Set(backbeat.mp3FrameBitrates(Buffer.from(await mp3.arrayBuffer())).slice(1))], [320]);

    assert.equal(await backbeat.balanceUnits(server.baseUrl, artist), before);
  });

  it("credits the artist 21 units for a scrobble, once", async () => {
    const id = (await songIds())['Night Drive'];
    const before = await backbeat.balanceUnits(server.baseUrl, artist);

    assertOk(await api.scrobble({ id, submission: false }));
    assert.equal(await backbeat.balanceUnits(server.baseUrl, artist), before);

    assertOk(await api.scrobble({ id, submission: true }));
    assert.equal(await backbeat.balanceUnits(server.baseUrl, artist), before + 21);
    assertOk(await api.scrobble({ id, submission: true }));
    assert.equal(await backbeat.balanceUnits(server.baseUrl, artist), before + 21);
  });

  // ---- the library

  it('stars and unstars a song, an album and an artist', async () => {
    const id = (await songIds())['Solo Flight'];
    const albumId = (await albumsByName())[ALBUM].id;
    const artistId = (await artistEntry()).id;

    assertOk(await api.star({ id, albumId, artistId }));
    let { starred2 } = assertOk(await api.getStarred2());
    assert.deepEqual(starred2.song.map((song) => song.id), [id]);
    assert.deepEqual(starred2.album.map((album) => album.id), [albumId]);
    assert.deepEqual(starred2.artist.map((entry) => entry.id), [artistId]);

    assertOk(await api.unstar({ id, albumId, artistId }));
    ({ starred2 } = assertOk(await api.getStarred2()));
    assert.equal((starred2.song ?? []).length + (starred2.album ?? []).length + (starred2.artist ?? []).length, 0);
  });

  it('creates, reads, updates and deletes a playlist', async () => {
    const ids = await songIds();
    const created = assertOk(await api.createPlaylist({ name: 'Late night', songId: [ids['Night Drive'], ids['City Lights']] }));
    const playlistId = created.playlist.id;
    assert.deepEqual(created.playlist.entry.map((entry) => entry.id), [ids['Night Drive'], ids['City Lights']]);
    const listed = assertOk(await api.getPlaylists()).playlists.playlist;
    assert.ok(listed.some((playlist) => playlist.id === playlistId && playlist.songCount === 2));

    assertOk(await api.updatePlaylist({ playlistId, name: 'Later night', songIdToAdd: [ids['Solo Flight']], songIndexToRemove: [1] }));
    const { playlist } = assertOk(await api.getPlaylist({ id: playlistId }));
    assert.equal(playlist.name, 'Later night');
    assert.deepEqual(playlist.entry.map((entry) => entry.id), [ids['Night Drive'], ids['Solo Flight']]);

    assertOk(await api.deletePlaylist({ id: playlistId }));
    assert.equal((await api.getPlaylist({ id: playlistId })).error.code, 70);
  });

  it('saves and restores the play queue, by id and by index', async () => {
    const ids = await songIds();
    const queue = [ids['Solo Flight'], ids['Night Drive'], ids['City Lights']];

    assertOk(await api.savePlayQueue({ id: queue, current: queue[2], position: 4_500 }));
    const { playQueue } = assertOk(await api.getPlayQueue());
    assert.deepEqual(playQueue.entry.map((entry) => entry.id), queue);
    assert.equal(String(playQueue.current), queue[2]);
    assert.equal(playQueue.position, 4_500);

    assertOk(await api.customJSON('savePlayQueueByIndex.view', { id: queue, currentIndex: 1, position: 900 }));
    const byIndex = assertOk(await api.customJSON('getPlayQueueByIndex.view', {})).playQueueByIndex;
    assert.deepEqual(byIndex.entry.map((entry) => entry.id), queue);
    assert.equal(byIndex.currentIndex, 1);
    assert.equal(byIndex.position, 900);
  });

  it('fetches cover art resized to the size asked for', async () => {
    const { song } = assertOk(await api.getSong({ id: (await songIds())['Night Drive'] }));
    for (const size of [64, 300]) {
      const response = await api.getCoverArt({ id: song.coverArt, size });
      assert.match(response.headers.get('content-type'), /^image\//);
      const { width, height } = backbeat.imageSize(Buffer.from(await response.arrayBuffer()));
      assert.deepEqual([width, height], [size, size]);
    }
  });

  // ---- XML

  it('answers XML when asked, with the same content as JSON', async () => {
    const albumId = (await albumsByName())[ALBUM].id;
    const response = await api.custom('getAlbum.view', { id: albumId, f: 'xml' });
    assert.match(response.headers.get('content-type'), /^(text|application)\/xml/);
    const root = xml.parse(await response.text())['subsonic-response'];
    assert.equal(root.status, 'ok');
    assert.equal(root.version, '1.16.1');
    assert.equal(root.openSubsonic, 'true');
    assert.equal(root.type, 'backbeat');
    const fromJson = assertOk(await api.getAlbum({ id: albumId })).album;
    assert.deepEqual(root.album.song.map((song) => song.id), fromJson.song.map((song) => song.id));
    assert.equal(root.album.name, ALBUM);

    const refused = await client(server.baseUrl, { username: listener.email, password: 'wrong' }).custom('ping.view', { f: 'xml' });
    const failed = xml.parse(await refused.text())['subsonic-response'];
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error.code, '40');
  });
});
