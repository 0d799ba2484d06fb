import { useState } from 'react';
import { useUploadLimit } from './api/uploadLimit';
import { UploadForm } from './components/UploadForm';
import { UploadLimitBox } from './components/UploadLimitBox';
import { UploadSuccess } from './components/UploadSuccess';
import { useTrackUpload } from './useTrackUpload';

interface UploadPageProps {
  /** The uploader's profile name, composed in by the app: the artist field starts with it. */
  artistName: string;
}

/** /upload: the upload limit, the form, the progress and the success screen. */
export function UploadPage({ artistName }: UploadPageProps) {
  const limit = useUploadLimit();
  const upload = useTrackUpload();
  // 'Upload Another Track' starts from an empty form: a new key gives a new one.
  const [formKey, setFormKey] = useState(0);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Upload Music · Backbeat</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">Upload Music</h1>
        <p className="mt-2 text-zinc-400">Share a track with listeners. Every play by someone else pays you.</p>
      </header>
      <UploadLimitBox />
      {upload.phase === 'success' && upload.track ? (
        <UploadSuccess
          track={upload.track}
          onUploadAnother={() => {
            upload.reset();
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <UploadForm key={formKey} defaultArtist={artistName} uploadLimit={limit.data} upload={upload} />
      )}
    </div>
  );
}
