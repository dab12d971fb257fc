import { auth, db, type HybridgeDocument, HybridgeError } from "@hybridge/app";
import { type FormEvent, useEffect, useState } from "react";

type User = { id: string; email: string; verified: boolean };
type Note = HybridgeDocument & { text: string; owner: string };

/**
 * A first screen: sign up or sign in, then your own notes, live. hybridge.rules.json keeps each
 * user's notes to that user (`npm run rules` sends it to the server): open the app on two phones
 * with two accounts, and neither sees the other's notes.
 */
export function App() {
  const [user, setUser] = useState<User | null | undefined>(undefined);

  useEffect(() => {
    let open = true;
    void Promise.resolve(auth.currentUser()).then((current) => {
      if (open) setUser(current);
    });
    const stop = auth.onChange((next) => setUser(next));
    return () => {
      open = false;
      stop();
    };
  }, []);

  return (
    <main>
      <h1>{"{{TITLE_JS}}"}</h1>
      {user === undefined ? null : user ? <Notes user={user} /> : <SignIn />}
    </main>
  );
}

function SignIn() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const signUp = submitter?.value === "sign-up";
    setBusy(true);
    setError(null);
    try {
      // Signed in, auth.onChange shows the notes.
      if (signUp) await auth.signUp({ email, password });
      else await auth.signIn({ email, password });
    } catch (reason) {
      setError(messageOf(reason));
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={submit} aria-label="Sign in">
      <label>
        E-mail
        <input
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      {error && <p role="alert">{error}</p>}
      <div className="row">
        <button type="submit" value="sign-in" disabled={busy}>
          Sign in
        </button>
        <button type="submit" value="sign-up" className="secondary" disabled={busy}>
          Create an account
        </button>
      </div>
    </form>
  );
}

function Notes({ user }: { user: User }) {
  const [notes, setNotes] = useState<Note[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Your notes, newest first, kept up to date as they are added or deleted on any device.
    const mine = db
      .query<Note>("notes")
      .where("owner", "==", user.id)
      .orderBy("createdAt", "desc")
      .limit(50);
    return mine.watch(
      (change) => {
        if (change.type === "results") setNotes(change.documents);
        else if (change.type === "removed") {
          setNotes((all) => all.filter((note) => note.id !== change.id));
        } else {
          const { document } = change;
          setNotes((all) => [document, ...all.filter((note) => note.id !== document.id)]);
        }
      },
      { onError: (reason) => setError(messageOf(reason)) },
    );
  }, [user.id]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    try {
      // The rules want each note's owner to be its author.
      await db.add("notes", { text: text.trim(), owner: user.id });
      setText("");
      setError(null);
    } catch (reason) {
      setError(messageOf(reason));
    }
  };

  const remove = async (note: Note) => {
    try {
      await db.delete("notes", note.id);
    } catch (reason) {
      setError(messageOf(reason));
    }
  };

  return (
    <>
      <div className="row">
        <p>Signed in as {user.email}</p>
        <button type="button" className="secondary" onClick={() => void auth.signOut()}>
          Sign out
        </button>
      </div>
      <form className="row" onSubmit={add}>
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
          <li key={note.id} className="row">
            <span>{note.text}</span>
            <button
              type="button"
              className="secondary"
              aria-label={`Delete “${note.text}”`}
              onClick={() => void remove(note)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

const messageOf = (reason: unknown) =>
  reason instanceof HybridgeError ? reason.message : "Something went wrong.";
