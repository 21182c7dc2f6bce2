export function SignupPage() {
  return <main className="p-8">Postloom</main>;
}
