/** A loading placeholder in the shape of what will come. */
export function Skeleton({ lines = 3, block }: { lines?: number; block?: boolean }) {
  if (block) return <div className="skeleton skeleton--block" aria-hidden />;
  return (
    <div className="skeleton__lines" aria-hidden>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="skeleton" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}
