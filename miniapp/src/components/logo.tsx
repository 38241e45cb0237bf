/** The Ziver mark and word. */
export function Logo({ size = 28, withWord = true }: { size?: number; withWord?: boolean }) {
  return (
    <span className="zv-logo">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="zv-logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#2fd38c" />
            <stop offset="1" stopColor="#1a8f6b" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill="url(#zv-logo-gradient)" />
        <path d="M19 20h26v5L28 40h17v5H19v-5l17-15H19z" fill="#fff" />
      </svg>
      {withWord && <span className="zv-logo__word">Ziver</span>}
    </span>
  );
}
