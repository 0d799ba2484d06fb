const bars = [0.55, 1, 0.7];

/** Three moving bars: this track is the one playing. */
export function PlayingIndicator({ className = 'h-4' }: { className?: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex items-end gap-0.5 ${className}`}>
      {bars.map((height, index) => (
        <span
          key={index}
          className="w-1 origin-bottom animate-equalizer rounded-full bg-brand-gradient"
          style={{ height: `${height * 100}%`, animationDelay: `${index * 0.15}s` }}
        />
      ))}
    </span>
  );
}
