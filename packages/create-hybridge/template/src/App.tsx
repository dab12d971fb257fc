import { db, type HybridgeDocument, HybridgeError } from "@hybridge/app";
import { type FormEvent, useEffect, useState } from "react";

type NoteFields = { text: string; done: boolean };
type Note = HybridgeDocument & NoteFields;

/** The notes to show: open ones first (false sorts before true), newest first within each. */
const openFirst = db
  .query<NoteFields>("notes")
  .orderBy("done", "asc")
  .orderBy("createdAt", "desc")
  .limit(20);

/**
 * A first screen: add notes to your project's database, tick them done, see the open ones first.
 * Open it on two phones (or a phone and this browser): a change on one shows on the other at once.
 */
export function App() {
  const [notes, setNotes] = useState<Note[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const load = () =>
      openFirst
        .get()
        .then((docs) => {
          setNotes(docs);
          setError(null);
        })
        .catch((reason: unknown) => setError(messageOf(reason)));
    void load();
    // Reload whenever a note is added, ticked or deleted, here or on another device.
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
      await db.add("notes", { text: text.trim(), done: false });
      setText("");
    } catch (reason) {
      setError(messageOf(reason));
    }
  };

  const toggle = async (note: Note) => {
    // Ticked at once; the list is read again in the new order when the write is heard.
    setNotes((all) => all.map((n) => (n.id === note.id ? { ...n, done: !note.done } : n)));
    try {
      await db.update("notes", note.id, { done: !note.done });
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
          <li key={note.id}>
            <label style={note.done ? { textDecoration: "line-through" } : undefined}>
              <input type="checkbox" checked={note.done} onChange={() => void toggle(note)} />
              {note.text}
            </label>
          </li>
        ))}
      </ul>
    </main>
  );
}

const messageOf = (reason: unknown) =>
  reason instanceof HybridgeError ? reason.message : "Something went wrong.";
