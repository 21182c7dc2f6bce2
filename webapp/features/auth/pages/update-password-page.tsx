export function UpdatePasswordPage() {
  return <main className="p-8">Postloom</main>;
}
