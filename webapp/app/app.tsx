export function App() {
  return <div className="p-8">Postloom</div>;
}
