export function ConfirmPage() {
  return <main className="p-8">Postloom</main>;
}
