export function LoginPage() {
  return <main className="p-8">Postloom</main>;
}
