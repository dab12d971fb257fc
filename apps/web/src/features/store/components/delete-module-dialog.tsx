import { paths } from "@hybridge/shared/common/paths";
import type { Module } from "@hybridge/shared/store/schemas";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError } from "@/lib/api-client";
import { useDeleteModule } from "../api/use-delete-module";

/** The module's Delete button (its author and admins see it) and the confirmation it asks for. */
export function DeleteModuleDialog({ module }: { module: Module }) {
  const deleteModule = useDeleteModule();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    deleteModule.mutate(module.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(StoreTexts.deleted);
        navigate(paths.store);
      },
      onError: (error) => {
        setOpen(false);
        toast.error(
          error instanceof ApiError && error.status < 500 && error.status > 0
            ? error.message
            : StoreTexts.deleteFailed,
        );
      },
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="danger-outline">
          <Trash2 aria-hidden="true" className="size-4" />
          {StoreTexts.deleteModule}
        </Button>
      }
      title={StoreTexts.deleteTitle}
      description={StoreTexts.deleteWarning}
      confirmLabel={StoreTexts.deleteConfirm}
      pending={deleteModule.isPending}
      onConfirm={confirm}
    />
  );
}
