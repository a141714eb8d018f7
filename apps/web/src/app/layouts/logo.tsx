/** The Kusina mark: a hibiscus over a bowl, drawn in the theme's colours. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <circle cx="20" cy="20" r="19" fill="var(--brand)" />
      <path d="M8 21h24a12 12 0 0 1-24 0Z" fill="var(--on-brand)" />
      <g fill="var(--surface-raised)">
        <ellipse cx="20" cy="11.5" rx="3" ry="4.2" />
        <ellipse cx="20" cy="11.5" rx="3" ry="4.2" transform="rotate(72 20 15)" />
        <ellipse cx="20" cy="11.5" rx="3" ry="4.2" transform="rotate(144 20 15)" />
        <ellipse cx="20" cy="11.5" rx="3" ry="4.2" transform="rotate(216 20 15)" />
        <ellipse cx="20" cy="11.5" rx="3" ry="4.2" transform="rotate(288 20 15)" />
      </g>
      <circle cx="20" cy="15" r="1.8" fill="var(--brand)" />
    </svg>
  );
}
