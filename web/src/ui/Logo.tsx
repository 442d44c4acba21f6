/** The Fieldwatch mark: a pulse line over a pipe, with a healthy status dot. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--accent)" />
      <path
        d="M6 20l5-8 5 6 4-5 6 7"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="26" cy="20" r="2.4" fill="var(--status-ok)" />
    </svg>
  );
}
