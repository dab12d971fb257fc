import type { Comment } from "@hybridge/shared/feedback/schemas";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteComment } from "../api/use-delete-comment";

/** The Delete button of a comment, and the confirmation it asks for. */
export function DeleteCommentDialog({ comment }: { comment: Comment }) {
  const deleteComment = useDeleteComment();
  const [open, setOpen] = useState(false);

  // Awaited rather than per-call callbacks: this component unmounts as soon as the comment
  // leaves the cache, and a mutation's per-call callbacks do not run after that.
  const confirm = async () => {
    try {
      await deleteComment.mutateAsync(comment.id);
      toast.success(FeedbackTexts.commentDeleted);
    } catch {
      toast.error(FeedbackTexts.deleteFailed);
    }
    setOpen(false);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="h-7 px-2 text-slate-500 hover:text-red-700">
          <Trash2 aria-hidden="true" className="size-3.5" />
          {FeedbackTexts.deleteConfirm}
        </Button>
      }
      title={FeedbackTexts.deleteTitle}
      description={FeedbackTexts.deleteWarning}
      confirmLabel={FeedbackTexts.deleteConfirm}
      pending={deleteComment.isPending}
      onConfirm={() => void confirm()}
    >
      <blockquote className="mt-4 line-clamp-4 whitespace-pre-line break-words rounded-lg border-slate-200 border-l-4 bg-slate-50 px-3 py-2 text-slate-700 text-sm">
        {comment.text}
      </blockquote>
    </ConfirmDialog>
  );
}
