import { zodResolver } from "@hookform/resolvers/zod";
import { COMMENT_MAX, CommentInputSchema } from "@hybridge/shared/feedback/schemas";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { SendHorizontal } from "lucide-react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { useAddComment } from "../api/use-add-comment";

/** The comment box of a signed-in user; Ctrl/⌘+Enter sends too. */
export function CommentForm() {
  const addComment = useAddComment();
  const form = useForm({
    resolver: zodResolver(CommentInputSchema),
    defaultValues: { text: "" },
  });
  const text = form.watch("text");
  const { isSubmitting, errors } = form.formState;
  const blank = text.trim().length === 0;

  // A blank comment never reaches the server: the Send button is disabled, and Ctrl/⌘+Enter
  // shows the field's own message ("Please write a comment.") instead of a failure.
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await addComment.mutateAsync(values);
    } catch {
      toast.error(FeedbackTexts.addFailed);
      return;
    }
    form.reset({ text: "" });
    toast.success(FeedbackTexts.commentAdded);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2">
      <FormField label={FeedbackTexts.commentLabel} error={errors.text?.message}>
        <Textarea
          rows={3}
          maxLength={COMMENT_MAX}
          placeholder={FeedbackTexts.commentPlaceholder}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              if (!isSubmitting) void onSubmit();
            }
          }}
          {...form.register("text")}
        />
      </FormField>
      <div className="flex items-center justify-between gap-3">
        <p className="text-slate-500 text-xs" aria-live="polite">
          {text.length > COMMENT_MAX - 200 ? `${text.length} / ${COMMENT_MAX}` : ""}
        </p>
        <Button type="submit" size="sm" disabled={blank} loading={isSubmitting}>
          {!isSubmitting && <SendHorizontal aria-hidden="true" className="size-4" />}
          {FeedbackTexts.send}
        </Button>
      </div>
    </form>
  );
}
