export default function AdminLoginPage() {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Coming soon</h1>
    </main>
  );
}
