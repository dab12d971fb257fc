import { db, type HybridgeDocument, HybridgeError } from "@hybridge/app";
import { type FormEvent, useEffect, useState } from "react";

type Note = HybridgeDocument & { text: string };

/**
 * A first screen: add a note to your project's database and see the newest ones. Open it on two
 * phones (or a phone and this browser): a note added on one shows on the other at once.
 */
export function App() {
  const [notes, setNotes] = useState<Note[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const load = () =>
      db
        .getDocs<{ text: string }>("notes", { limit: 20 })
        .then((docs) => {
          setNotes(docs);
          setError(null);
        })
        .catch((reason: unknown) => setError(messageOf(reason)));
    void load();
    // Reload whenever a note is added or deleted, here or on another device.
    try {
      return db.watch("notes", () => void load());
    } catch (reason) {
      setError(messageOf(reason));
    }
  }, []);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    try {
      await db.add("notes", { text: text.trim() });
      setText("");
    } catch (reason) {
      setError(messageOf(reason));
    }
  };

  return (
    <main>
      <h1>{"{{NAME}}"}</h1>
      <form onSubmit={add}>
        <input
          aria-label="Note"
          placeholder="Write a note"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit">Add</button>
      </form>
      {error && <p role="alert">{error}</p>}
      <ul aria-label="Notes">
        {notes.map((note) => (
          <li key={note.id}>{note.text}</li>
        ))}
      </ul>
    </main>
  );
}

const messageOf = (reason: unknown) =>
  reason instanceof HybridgeError ? reason.message : "Something went wrong.";
