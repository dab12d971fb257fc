import { CONTACT_EMAIL } from "@hybridge/shared/common/paths";
import { Bot, SendHorizontal } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { textLinkClasses } from "@/components/ui/text-link";
import { cn } from "@/lib/cn";
import { assistantMeta, assistantContent as content } from "../content/en/assistant";
import { usePageMeta } from "../hooks/use-page-meta";

/**
 * The assistant (spec: "static chat mock"): an example conversation in the chat's design, and an
 * input that says plainly it is a preview. Nothing here sends anything.
 */
export function AssistantPage() {
  usePageMeta(assistantMeta);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
          {content.title}
        </h1>
        <p className="mt-3 text-lg text-slate-600 leading-relaxed">{content.lead}</p>
      </header>

      <Alert tone="info" className="mt-6">
        {content.demoNotice}{" "}
        <a href={`mailto:${CONTACT_EMAIL}`} className={textLinkClasses}>
          {CONTACT_EMAIL}
        </a>
      </Alert>

      <Card className="mt-6 overflow-hidden">
        <div className="flex items-center gap-3 border-slate-100 border-b px-5 py-4">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-white">
            <Bot aria-hidden="true" className="size-5" />
          </span>
          <div className="flex-1">
            <p className="font-semibold text-slate-900">{content.assistantName}</p>
            <p className="flex items-center gap-1.5 text-slate-500 text-xs">
              <span aria-hidden="true" className="size-2 rounded-full bg-amber-400" />
              {content.status}
            </p>
          </div>
        </div>

        <ol aria-label={content.chatLabel} className="space-y-5 bg-slate-50/60 px-5 py-6">
          {content.messages.map((message) => {
            const mine = message.from === "user";
            return (
              <li key={message.text} className={cn("flex gap-3", mine && "flex-row-reverse")}>
                {!mine && (
                  <span className="mt-1 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                    <Bot aria-hidden="true" className="size-4" />
                  </span>
                )}
                <div
                  className={cn(
                    "max-w-[85%] rounded-2xl px-4 py-3 text-sm leading-relaxed",
                    mine
                      ? "rounded-br-md bg-brand-700 text-white"
                      : "rounded-bl-md bg-white text-slate-800 shadow-sm ring-1 ring-slate-200",
                  )}
                >
                  <p className="sr-only">{mine ? content.userName : content.assistantName}:</p>
                  <p>{message.text}</p>
                  {"code" in message && (
                    <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-950 px-3 py-2.5 font-mono text-[0.8125rem] text-brand-100">
                      <code>{message.code}</code>
                    </pre>
                  )}
                </div>
              </li>
            );
          })}
        </ol>

        <div className="border-slate-100 border-t px-5 py-4">
          <p className="font-medium text-slate-500 text-xs">{content.suggestionsLabel}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {content.suggestions.map((suggestion) => (
              <li
                key={suggestion}
                className="rounded-full bg-slate-100 px-3 py-1 text-slate-600 text-xs"
              >
                {suggestion}
              </li>
            ))}
          </ul>
          <form className="mt-4 flex items-end gap-2" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="assistant-message" className="sr-only">
              {content.inputLabel}
            </label>
            <textarea
              id="assistant-message"
              rows={1}
              disabled
              placeholder={content.inputPlaceholder}
              // As tall as its placeholder needs: on a phone it wraps instead of being cut.
              className="block min-h-10 flex-1 resize-none rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-slate-900 text-sm field-sizing-content placeholder:text-slate-500 disabled:cursor-not-allowed"
            />
            <Button type="submit" disabled aria-label={content.send}>
              <SendHorizontal aria-hidden="true" className="size-4" />
            </Button>
          </form>
        </div>
      </Card>
    </div>
  );
}
