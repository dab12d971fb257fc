/** Where a JSON text first breaks its grammar: a 1-based line and position, and what was wrong. */
export type JsonSyntaxError = { line: number; position: number; message: string };

/**
 * The first syntax error of `text` as JSON, or null when JSON.parse accepts it. JSON.parse's own
 * messages name an offset (or nothing, in some Node versions); a rules file's author wants the
 * line and position, like the server's messages for the rules themselves.
 */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  try {
    JSON.parse(text);
    return null;
  } catch {
    // Located below.
  }
  let at = 0;
  const fail = (message: string, offset = at): never => {
    throw Object.assign(new Error(message), { offset });
  };
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text.charAt(at))) at++;
  };
  const shown = () => (at >= text.length ? "the end of the file" : `"${text.charAt(at)}"`);
  const expect = (char: string) => {
    space();
    if (text.charAt(at) !== char) fail(`Expected "${char}", found ${shown()}.`);
    at++;
  };
  const string = () => {
    const start = at;
    at++;
    while (at < text.length && text.charAt(at) !== '"') {
      const char = text.charAt(at);
      if (char < " ") fail("A string cannot hold a line break or a control character.");
      if (char === "\\") {
        const escaped = text.charAt(at + 1);
        if (escaped === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) fail("Bad \\u escape.");
          at += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(escaped) || escaped === "") fail("Bad escape in a string.");
        at += 2;
        continue;
      }
      at++;
    }
    if (at >= text.length) fail("This string is never closed.", start);
    at++;
  };
  const value = (): void => {
    space();
    const char = text.charAt(at);
    if (char === "{") {
      at++;
      space();
      if (text.charAt(at) === "}") {
        at++;
        return;
      }
      for (;;) {
        space();
        if (text.charAt(at) !== '"') fail(`Expected a name in double quotes, found ${shown()}.`);
        string();
        expect(":");
        value();
        space();
        if (text.charAt(at) === ",") {
          at++;
          continue;
        }
        if (text.charAt(at) === "}") {
          at++;
          return;
        }
        fail(`Expected "," or "}", found ${shown()}.`);
      }
    }
    if (char === "[") {
      at++;
      space();
      if (text.charAt(at) === "]") {
        at++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text.charAt(at) === ",") {
          at++;
          continue;
        }
        if (text.charAt(at) === "]") {
          at++;
          return;
        }
        fail(`Expected "," or "]", found ${shown()}.`);
      }
    }
    if (char === '"') {
      string();
      return;
    }
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(at),
    );
    if (!literal) fail(`Expected a value, found ${shown()}.`);
    at += literal?.[0].length ?? 0;
  };
  try {
    value();
    space();
    if (at < text.length) fail(`Expected the end of the file, found ${shown()}.`);
    // JSON.parse refused what this reading accepts (it should not happen): say so at the start.
    return { line: 1, position: 1, message: "This is not valid JSON." };
  } catch (error) {
    const offset = (error as { offset?: number }).offset ?? 0;
    const before = text.slice(0, offset).split("\n");
    return {
      line: before.length,
      position: (before.at(-1)?.length ?? 0) + 1,
      message: (error as Error).message,
    };
  }
}
