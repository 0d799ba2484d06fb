import { useRef, useState, type SubmitEvent } from 'react';
import { errorCatalogue } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { TextField } from '@/components/ui/TextField';
import type { UploadLimit } from '../api/uploadLimit';
import { checkAudioLoads } from '../audioCheck';
import { audioFileProblem, titleFromFileName } from '../audioFile';
import { coverFileProblem } from '../coverFile';
import { COMMON_GENRES } from '../genres';
import { isAtUploadLimit, uploadSubmitProblem } from '../uploadRules';
import type { TrackUploadState } from '../useTrackUpload';
import { AudioFileField, type ChosenAudio } from './AudioFileField';
import { CoverField, type ChosenCover } from './CoverField';
import { UploadProgress } from './UploadProgress';

/** The server keeps each text field to 200 characters. */
const TEXT_MAX_CHARS = 200;
const GENRE_LIST_ID = 'upload-genres';

interface TrackFields {
  title: string;
  artist: string;
  album: string;
  genre: string;
}

interface UploadFormProps {
  /** The artist field starts with the uploader's name. */
  defaultArtist: string;
  /** Undefined while loading or when it could not be read: the server still enforces it. */
  uploadLimit: UploadLimit | undefined;
  upload: TrackUploadState;
}

/** The audio, its details and its cover, checked as they are chosen and again on submit. */
export function UploadForm({ defaultArtist, uploadLimit, upload }: UploadFormProps) {
  const [audio, setAudio] = useState<ChosenAudio | null>(null);
  const [audioProblem, setAudioProblem] = useState<string | null>(null);
  const [checkingAudio, setCheckingAudio] = useState(false);
  const [cover, setCover] = useState<ChosenCover | null>(null);
  const [coverProblem, setCoverProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<TrackFields>({ title: '', artist: defaultArtist, album: '', genre: '' });
  const [submitProblem, setSubmitProblem] = useState<string | null>(null);
  // The title last taken from a file name: a new file replaces it, but never a title the user typed.
  const suggestedTitle = useRef('');
  // Only the file chosen last may set the form once its check is done.
  const latestAudio = useRef<File | null>(null);

  const processing = upload.phase === 'processing';
  const atLimit = isAtUploadLimit(uploadLimit);
  const missing = !audio || fields.title.trim() === '' || fields.artist.trim() === '';

  const chooseAudio = async (file: File) => {
    latestAudio.current = file;
    setSubmitProblem(null);
    setAudio(null);
    const problem = audioFileProblem(file);
    setAudioProblem(problem);
    if (problem) return;
    setCheckingAudio(true);
    const check = await checkAudioLoads(file);
    if (latestAudio.current !== file) return;
    setCheckingAudio(false);
    if (check.result === 'failed') {
      setAudioProblem(errorCatalogue.undecodable_audio.message);
      return;
    }
    setAudio({ file, duration: check.result === 'loaded' ? check.duration : null });
    const title = titleFromFileName(file.name).slice(0, TEXT_MAX_CHARS);
    setFields((current) =>
      current.title.trim() === '' || current.title === suggestedTitle.current ? { ...current, title } : current,
    );
    suggestedTitle.current = title;
  };

  const chooseCover = (file: File) => {
    const problem = coverFileProblem(file);
    setCoverProblem(problem);
    setCover(problem ? null : { file, previewUrl: URL.createObjectURL(file) });
  };

  const change = (field: keyof TrackFields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [field]: event.target.value }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = uploadSubmitProblem({ hasAudio: audio !== null, title: fields.title, artist: fields.artist, atLimit });
    setSubmitProblem(problem);
    if (problem || !audio) return;
    upload.start({
      audio: audio.file,
      cover: cover?.file ?? null,
      title: fields.title.trim(),
      artist: fields.artist.trim(),
      album: fields.album.trim(),
      genre: fields.genre.trim(),
    });
  };

  return (
    <form noValidate className="space-y-6 rounded-3xl border border-line bg-surface p-5 sm:p-8" onSubmit={submit}>
      <fieldset disabled={processing} className="space-y-6">
        <legend className="sr-only">Your track</legend>
        <AudioFileField
          audio={audio}
          checking={checkingAudio}
          problem={audioProblem}
          disabled={processing}
          onChoose={(file) => {
            void chooseAudio(file);
          }}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Title" name="title" required maxLength={TEXT_MAX_CHARS} value={fields.title} onChange={change('title')} />
          <TextField
            label="Artist"
            name="artist"
            required
            maxLength={TEXT_MAX_CHARS}
            value={fields.artist}
            onChange={change('artist')}
          />
          <TextField
            label="Album"
            name="album"
            maxLength={TEXT_MAX_CHARS}
            placeholder="Leave empty for a single"
            value={fields.album}
            onChange={change('album')}
          />
          <TextField
            label="Genre"
            name="genre"
            list={GENRE_LIST_ID}
            maxLength={TEXT_MAX_CHARS}
            placeholder="Pick one or type your own"
            value={fields.genre}
            onChange={change('genre')}
          />
          <datalist id={GENRE_LIST_ID}>
            {COMMON_GENRES.map((genre) => (
              <option key={genre} value={genre} />
            ))}
          </datalist>
        </div>
        <CoverField
          cover={cover}
          problem={coverProblem}
          disabled={processing}
          onChoose={chooseCover}
          onRemove={() => {
            setCover(null);
            setCoverProblem(null);
          }}
        />
      </fieldset>
      <div className="space-y-4 border-t border-line pt-6">
        <FormError message={submitProblem ?? upload.error} />
        {processing ? <UploadProgress percent={upload.percent} /> : null}
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={missing || processing || atLimit}>
          {processing ? 'Uploading…' : 'Upload Track'}
        </Button>
      </div>
    </form>
  );
}
