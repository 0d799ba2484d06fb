import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@/api/errors';
import { ApiError } from '@/lib/api';
import { answer, fileOf, trackOf, uploadLimitOf } from '@/test/fixtures';
import { renderRoute, type User } from '@/test/render';
import type { Track } from './api/sendTrack';
import type { UploadLimit } from './api/uploadLimit';
import { AUDIO_MAX_BYTES } from './audioFile';
import { COVER_MAX_BYTES } from './coverFile';
import { UploadPage } from './UploadPage';

const { GET, sendTrack, checkAudioLoads } = vi.hoisted(() => ({ GET: vi.fn(), sendTrack: vi.fn(), checkAudioLoads: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: { GET } }));
vi.mock('@/lib/auth', () => ({ auth: {} }));
vi.mock('./api/sendTrack', () => ({ sendTrack }));
vi.mock('./audioCheck', () => ({ checkAudioLoads }));

const newTrack: Track = trackOf({
  id: 'track-9',
  title: 'night drive',
  album: null,
  genre: null,
  duration: 5,
  plays: 0,
  status: 'processing',
  created_at: '2026-11-22T10:00:00Z',
});

function answerLimit(limit: UploadLimit) {
  GET.mockResolvedValue(answer(limit));
}

function renderUpload() {
  return renderRoute(<UploadPage artistName="Nova Lane" />, {
    url: '/upload',
    otherRoutes: [{ path: '/library', element: <h1>My Library</h1> }],
    // The file inputs accept audio and images; these tests also offer them other files.
    userOptions: { applyAccept: false },
  });
}

async function chooseAudio(user: User, file = fileOf('night_drive-final.wav', 'audio/wav')) {
  await user.upload(screen.getByLabelText('Audio file'), file);
}

function submitButton() {
  return screen.getByRole('button', { name: 'Upload Track' });
}

function audioAlert() {
  return screen.findByRole('alert');
}

describe('UploadPage', () => {
  beforeEach(() => {
    GET.mockReset();
    sendTrack.mockReset();
    checkAudioLoads.mockReset();
    checkAudioLoads.mockResolvedValue({ result: 'loaded', duration: 5 });
    URL.createObjectURL = vi.fn(() => 'blob:cover-preview');
    URL.revokeObjectURL = vi.fn();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows how many uploads this month has used', async () => {
    answerLimit(uploadLimitOf(3, 50));
    renderUpload();

    expect(await screen.findByText('3 of 50 uploads used this month')).toBeInTheDocument();
  });

  it('says uploads are unlimited on premium', async () => {
    answerLimit(uploadLimitOf(7, null, 'premium'));
    renderUpload();

    expect(await screen.findByText('Unlimited uploads on your plan')).toBeInTheDocument();
    expect(screen.getByText('7 uploads this month.')).toBeInTheDocument();
  });

  it("takes the title from the file name and the artist from the uploader's name", async () => {
    answerLimit(uploadLimitOf(0, 50));
    const { user } = renderUpload();

    expect(screen.getByLabelText('Artist')).toHaveValue('Nova Lane');
    await chooseAudio(user);

    expect(screen.getByLabelText('Title')).toHaveValue('night drive final');
    expect(screen.getByText('night_drive-final.wav')).toBeInTheDocument();
  });

  it('keeps a title the uploader typed when another file is chosen', async () => {
    answerLimit(uploadLimitOf(0, 50));
    const { user } = renderUpload();
    await chooseAudio(user);
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Night Drive (Live)');

    await chooseAudio(user, fileOf('other_take.wav', 'audio/wav'));

    expect(screen.getByLabelText('Title')).toHaveValue('Night Drive (Live)');
  });

  it('keeps Upload Track disabled until there is audio, a title and an artist', async () => {
    answerLimit(uploadLimitOf(0, 50));
    const { user } = renderUpload();

    expect(submitButton()).toBeDisabled();
    await chooseAudio(user);
    expect(submitButton()).toBeEnabled();

    await user.clear(screen.getByLabelText('Title'));
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Title'), '   ');
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Title'), 'Night Drive');
    await user.clear(screen.getByLabelText('Artist'));
    expect(submitButton()).toBeDisabled();
  });

  it('keeps Upload Track disabled at the limit of a free or basic plan, and says why', async () => {
    answerLimit(uploadLimitOf(100, 100, 'basic'));
    const { user } = renderUpload();
    await screen.findByText('100 of 100 uploads used this month');

    await chooseAudio(user);

    expect(submitButton()).toBeDisabled();
    expect(
      screen.getByText('You have reached your monthly upload limit. Upgrade your plan to upload more tracks.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscription');
  });

  it("refuses a file that is not audio with 'Please select an audio file.'", async () => {
    answerLimit(uploadLimitOf(0, 50));
    const { user } = renderUpload();

    await chooseAudio(user, fileOf('notes.txt', 'text/plain'));

    expect(await audioAlert()).toHaveTextContent('Please select an audio file.');
    expect(checkAudioLoads).not.toHaveBeenCalled();
    expect(submitButton()).toBeDisabled();
  });

  it('checks the type before the size, and the size before loading the file', async () => {
    answerLimit(uploadLimitOf(0, 50));
    const { user } = renderUpload();

    await chooseAudio(user, fileOf('huge.png', 'image/png', AUDIO_MAX_BYTES + 1));
    expect(await audioAlert()).toHaveTextContent('Please select an audio file.');

    await chooseAudio(user, fileOf('huge.wav', 'audio/wav', AUDIO_MAX_BYTES + 1));
    expect(await audioAlert()).toHaveTextContent('Audio file must be less than 50MB.');
    expect(checkAudioLoads).not.toHaveBeenCalled();
  });

  it("says 'Failed to load audio file. Please try another file.' when the browser cannot read it", async () => {
    checkAudioLoads.mockResolvedValue({ result: 'failed' });
    answerLimit(uploadLimitOf(0, 50));
    const { user } = renderUpload();

    await chooseAudio(user, fileOf('broken.wav', 'audio/wav'));

    expect(await audioAlert()).toHaveTextContent('Failed to load audio file. Please try another file.');
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(submitButton()).toBeDisabled();
  });

  it('checks the cover: an image, then less than 5MB, and previews it', async () => {
    answerLimit(uploadLimitOf(0, 50));
    const { user } = renderUpload();
    const cover = screen.getByLabelText('Cover image');

    await user.upload(cover, fileOf('song.mp3', 'audio/mpeg', COVER_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an image file.');

    await user.upload(cover, fileOf('cover.png', 'image/png', COVER_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cover image must be less than 5MB.');

    await user.upload(cover, fileOf('cover.png', 'image/png'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover preview' })).toHaveAttribute('src', 'blob:cover-preview');
  });

  it('shows the bytes sent, holds at 90% until the server answers, then 100% and the new track, processing', async () => {
    answerLimit(uploadLimitOf(0, 50));
    let report: (sent: number, total: number) => void = () => undefined;
    let answer: (track: Track) => void = () => undefined;
    sendTrack.mockImplementation((_upload, onProgress: typeof report) => {
      report = onProgress;
      return new Promise<Track>((resolve) => {
        answer = resolve;
      });
    });
    const { user } = renderUpload();
    await chooseAudio(user);
    await user.type(screen.getByLabelText('Genre'), 'Synthwave');

    await user.click(submitButton());
    const progress = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    act(() => {
      report(400, 1000);
    });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    act(() => {
      report(1000, 1000);
    });
    expect(progress).toHaveAttribute('aria-valuenow', '90');
    expect(screen.getByText('Checking your audio…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    expect(sendTrack.mock.calls[0]?.[0]).toMatchObject({
      title: 'night drive final',
      artist: 'Nova Lane',
      album: '',
      genre: 'Synthwave',
      cover: null,
    });

    act(() => {
      answer(newTrack);
    });

    expect(await screen.findByRole('heading', { name: 'Upload complete!' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Processing')).toBeInTheDocument();
  });

  it('reads the upload limit again after an upload', async () => {
    answerLimit(uploadLimitOf(0, 50));
    sendTrack.mockResolvedValue(newTrack);
    const { user } = renderUpload();
    await screen.findByText('0 of 50 uploads used this month');
    await chooseAudio(user);

    answerLimit(uploadLimitOf(1, 50));
    await user.click(submitButton());

    expect(await screen.findByText('1 of 50 uploads used this month')).toBeInTheDocument();
  });

  it("shows the server's message when the upload is refused", async () => {
    answerLimit(uploadLimitOf(0, 50));
    const { message, status, code } = errorCatalogue.not_audio;
    sendTrack.mockRejectedValue(new ApiError(message, status, code));
    const { user } = renderUpload();
    await chooseAudio(user, fileOf('notes.mp3', 'audio/mpeg'));

    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Title')).toHaveValue('notes');
    expect(submitButton()).toBeEnabled();
  });

  it("says 'Failed to upload track. Please try again.' when the server could not be reached", async () => {
    answerLimit(uploadLimitOf(0, 50));
    sendTrack.mockRejectedValue(new TypeError('The upload could not reach the server.'));
    const { user } = renderUpload();
    await chooseAudio(user);

    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload track. Please try again.');
  });

  it("starts again from an empty form with 'Upload Another Track'", async () => {
    answerLimit(uploadLimitOf(0, 50));
    sendTrack.mockResolvedValue(newTrack);
    const { user } = renderUpload();
    await chooseAudio(user);
    await user.click(submitButton());

    await user.click(await screen.findByRole('button', { name: 'Upload Another Track' }));

    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Artist')).toHaveValue('Nova Lane');
    expect(submitButton()).toBeDisabled();
  });

  it('opens the library 2 s after a successful upload', async () => {
    answerLimit(uploadLimitOf(0, 50));
    sendTrack.mockResolvedValue(newTrack);
    const { user } = renderUpload();
    await chooseAudio(user);
    vi.useFakeTimers();

    await act(async () => {
      submitButton().click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: 'Upload complete!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(screen.getByRole('heading', { name: 'Upload complete!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));

    expect(screen.getByRole('heading', { name: 'My Library' })).toBeInTheDocument();
  });
});
