export function TopBar() {
  return <header />;
}
