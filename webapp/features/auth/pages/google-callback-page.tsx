export function GoogleCallbackPage() {
  return <main className="p-8">Postloom</main>;
}
