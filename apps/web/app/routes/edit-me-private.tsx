// Being built (issue 14): nothing links here yet.
export default function EditMePrivate() {
  return (
    <section className="page page-narrow">
      <h1>…</h1>
    </section>
  );
}
