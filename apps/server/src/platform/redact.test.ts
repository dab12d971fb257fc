import { describe, expect, it } from "vitest";
import { redactSecrets } from "./redact";

const KEY = "hb_test_Ab12cdEFghIJklMNopQRstUVwxYZ0123456789abc";

describe("redactSecrets", () => {
  it("hides credentials in query parameters, whatever their place and case", () => {
    expect(redactSecrets(`/api/v1/db/collections/chat/events?key=${KEY}`)).toBe(
      "/api/v1/db/collections/chat/events?key=[redacted]",
    );
    expect(redactSecrets("/x?a=1&token=abc&b=2#top")).toBe("/x?a=1&token=[redacted]&b=2#top");
    expect(redactSecrets("/x?keystorePassword=p%40ss&API_KEY=k&client_secret=s")).toBe(
      "/x?keystorePassword=[redacted]&API_KEY=[redacted]&client_secret=[redacted]",
    );
    expect(redactSecrets("https://b.s3/f?X-Amz-Credential=AK%2F1&X-Amz-Signature=ab12")).toBe(
      "https://b.s3/f?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]",
    );
    // Other parameters stay: they tell an operator what was asked.
    expect(redactSecrets("/api/v1/db/collections/x/documents?limit=5&cursor=c")).toBe(
      "/api/v1/db/collections/x/documents?limit=5&cursor=c",
    );
  });

  it("hides marked credentials anywhere, keeping their mark; a display prefix stays", () => {
    expect(redactSecrets(`{"msg":"bad key ${KEY}","deploy":"hb_deploy_${"x".repeat(43)}"}`)).toBe(
      '{"msg":"bad key hb_test_[redacted]","deploy":"hb_deploy_[redacted]"}',
    );
    expect(redactSecrets(`/api/x/hb_agent_${"Z9".repeat(20)}/y`)).toBe(
      "/api/x/hb_agent_[redacted]/y",
    );
    expect(redactSecrets("key hb_test_Ab12 (shown as hb_test_Ab12•••)")).toBe(
      "key hb_test_Ab12 (shown as hb_test_Ab12•••)",
    );
  });

  it("hides reset tokens in paths, bearer tokens and passwords in connection strings", () => {
    expect(redactSecrets("http://h/api/auth/reset-password/abc123?callbackURL=%2Fx")).toBe(
      "http://h/api/auth/reset-password/[redacted]?callbackURL=%2Fx",
    );
    expect(redactSecrets("refused: Bearer s3cr3t.value (unknown)")).toBe(
      "refused: Bearer [redacted] (unknown)",
    );
    expect(redactSecrets("connect postgres://hybridge:pa55word@db:5432/h failed")).toBe(
      "connect postgres://hybridge:[redacted]@db:5432/h failed",
    );
    expect(redactSecrets("redis://:pa55@cache:6379")).toBe("redis://:[redacted]@cache:6379");
    expect(redactSecrets("http://localhost:3000/api/health")).toBe(
      "http://localhost:3000/api/health",
    );
  });

  it("hides credential headers and fields that a library logs with its options", () => {
    const line = JSON.stringify({
      busboyOptions: {
        headers: {
          cookie: "better-auth.session_token=Ab12.sig%3D; theme=dark",
          authorization: 'Basic dXNlcjpwYXNz"',
          "set-cookie": ["better-auth.session_token=Cd34; Path=/", "a=b"],
          "content-type": "multipart/form-data",
        },
      },
      body: { newPassword: "n3w", email: "a@b.test" },
    });
    expect(JSON.parse(redactSecrets(line))).toEqual({
      busboyOptions: {
        headers: {
          cookie: "[redacted]",
          authorization: "[redacted]",
          "set-cookie": "[redacted]",
          "content-type": "multipart/form-data",
        },
      },
      body: { newPassword: "[redacted]", email: "a@b.test" },
    });
    // The same, as util.inspect writes an error's request.
    expect(redactSecrets("{ cookie: 'better-auth.session_token=Ab12.sig; a=1' }")).toBe(
      "{ cookie: 'better-auth.session_token=[redacted]; a=1' }",
    );
  });

  it("keeps JSON log lines JSON", () => {
    const line = `${JSON.stringify({ req: { url: `/e?key=${KEY}&x="1"` }, msg: "slow request" })}\n`;
    expect(JSON.parse(redactSecrets(line))).toEqual({
      req: { url: '/e?key=[redacted]&x="1"' },
      msg: "slow request",
    });
  });
});
