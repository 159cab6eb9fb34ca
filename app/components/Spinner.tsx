export function FullScreenLoader() {
  return <div role="status" aria-label="Loading" />;
}
