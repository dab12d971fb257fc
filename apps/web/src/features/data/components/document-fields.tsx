import type { DataDocument } from "@hybridge/shared/data/schemas";
import { DatabaseSectionTexts } from "@hybridge/shared/data/texts";
import { useId, useState } from "react";

const T = DatabaseSectionTexts;

/** A document's own fields as JSON, without the server's (id, dates, version, file). */
export function fieldsText(document: DataDocument): string {
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    version: _version,
    fileUrl: _fileUrl,
    ...fields
  } = document;
  return JSON.stringify(fields, null, 2);
}

/** How much of a document's JSON the list shows before "Show all". */
const PREVIEW_CHARACTERS = 400;
const PREVIEW_LINES = 12;

function preview(text: string): string | null {
  const lines = text.split("\n");
  if (text.length <= PREVIEW_CHARACTERS && lines.length <= PREVIEW_LINES) return null;
  const cut = lines.slice(0, PREVIEW_LINES).join("\n").slice(0, PREVIEW_CHARACTERS);
  return `${cut}…`;
}

/**
 * A document's fields in the list: whole when short, else their beginning with a button that
 * shows them all (and back), so a long value never fills the page but stays within reach.
 */
export function DocumentFields({ document }: { document: DataDocument }) {
  const text = fieldsText(document);
  const short = preview(text);
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  return (
    <div className="mt-2">
      <pre
        id={id}
        className="max-h-96 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-slate-800 text-xs"
      >
        {short === null || expanded ? text : short}
      </pre>
      {short !== null && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
          className="mt-1 rounded text-brand-700 text-xs underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {expanded ? T.showLess : T.showAll(text.length)}
        </button>
      )}
    </div>
  );
}
