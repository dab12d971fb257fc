import { AuthTexts } from "@hybridge/shared/auth/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorTextFor } from "@/lib/api-client";
import { useDeleteAccount } from "../api/use-delete-account";

/** A session that ended says so; any other failure gets our own text, not the generic one. */
const DELETE_ERRORS = { [ErrorCodes.UNAUTHENTICATED]: true } as const;

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
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) deleteAccount.reset();
      }}
      trigger={
        <Button variant="danger">
          <Trash2 aria-hidden="true" className="size-4" />
          {AuthTexts.deleteAccount}
        </Button>
      }
      icon={Trash2}
      title={AuthTexts.deleteAccount}
      description={AuthTexts.deleteWarning}
      error={
        deleteAccount.isError &&
        errorTextFor(deleteAccount.error, DELETE_ERRORS, AuthTexts.deleteFailed)
      }
      confirmLabel={AuthTexts.deleteConfirm}
      pending={deleteAccount.isPending}
      onConfirm={confirm}
    />
  );
}
