/** Full-screen preloader: shown while persisted state is restored and while the app is loading. */
export function Preloader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-[100] flex items-center justify-center bg-ivory">
      <div className="flex flex-col items-center gap-4">
        <svg className="preloader-drop h-14 w-14" viewBox="0 0 64 64" aria-hidden="true">
          <path d="M32 6c11 12 17 22 17 32a17 17 0 0 1-34 0c0-10 6-20 17-32z" fill="#d9a441" />
          <path d="M32 26c5 6 7 10 7 14a7 7 0 0 1-14 0c0-4 2-8 7-14z" fill="#fbf7f0" />
        </svg>
        <span className="sr-only">{label}</span>
      </div>
    </div>
  );
}

/** A slim bar at the top while a route chunk or its data loads. */
export function NavigationProgress() {
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[90] h-0.5" aria-hidden="true">
      <div className="nav-progress h-full bg-amber" />
    </div>
  );
}
