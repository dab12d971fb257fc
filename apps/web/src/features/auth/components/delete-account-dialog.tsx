import { AuthTexts } from "@hybridge/shared/auth/texts";
import { paths } from "@hybridge/shared/common/paths";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
  DialogFooter,
} from "../../../components/ui/dialog";
import { errorMessage } from "../../../lib/api-client";
import { useDeleteAccount } from "../api/use-delete-account";

const TITLE = "Delete Account";

/** The Delete Account button and its confirmation. */
export function DeleteAccountDialog() {
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        toast.success(AuthTexts.deleteDone);
        navigate(paths.landing);
      },
    });

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        // Stay open while the deletion runs.
        if (deleteAccount.isPending) return;
        setOpen(next);
        if (!next) deleteAccount.reset();
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="danger">
          <Trash2 aria-hidden="true" className="size-4" />
          {TITLE}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <div className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
            <Trash2 aria-hidden="true" className="size-5" />
          </span>
          <div>
            <AlertDialogTitle>{TITLE}</AlertDialogTitle>
            <AlertDialogDescription>{AuthTexts.deleteWarning}</AlertDialogDescription>
          </div>
        </div>
        {deleteAccount.isError && (
          <Alert className="mt-4">
            {errorMessage(deleteAccount.error, AuthTexts.deleteFailed)}
          </Alert>
        )}
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={deleteAccount.isPending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button variant="danger" loading={deleteAccount.isPending} onClick={confirm}>
            {AuthTexts.deleteConfirm}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
