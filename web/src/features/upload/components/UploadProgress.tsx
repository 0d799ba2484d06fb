interface UploadProgressProps {
  percent: number;
}

/** The upload under way: the share of the file sent, then the wait while the server checks it. */
export function UploadProgress({ percent }: UploadProgressProps) {
  const checking = percent >= 90 && percent < 100;
  return (
    <div className="space-y-2">
      <div className="flex justify-between gap-4 text-sm">
        <span className="text-zinc-300">{checking ? 'Checking your audio…' : percent === 100 ? 'Uploaded' : 'Uploading…'}</span>
        <span className="font-semibold text-white tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-white/10"
      >
        <div className="h-full rounded-full bg-brand-gradient transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
