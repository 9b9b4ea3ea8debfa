// Shown while a page's code is on its way.
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span
        className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary motion-reduce:animate-none"
        aria-hidden="true"
      />
      <span className="sr-only">Loading</span>
    </div>
  );
}
