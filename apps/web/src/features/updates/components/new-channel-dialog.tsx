import { zodResolver } from "@hookform/resolvers/zod";
import { UiTexts } from "@hybridge/shared/common/texts";
import {
  type CreateChannelInput,
  CreateChannelInputSchema,
} from "@hybridge/shared/updates/schemas";
import { UpdatesConsoleTexts } from "@hybridge/shared/updates/texts";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useCreateChannel } from "../api/use-updates";

const T = UpdatesConsoleTexts;

/**
 * "New channel": a name checked with the server's own schema (ChannelNameSchema), created on
 * submit; a taken name's 409 is shown as the field's error and in a toast.
 */
export function NewChannelDialog({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const create = useCreateChannel(projectId);
  const form = useForm<CreateChannelInput>({
    resolver: zodResolver(CreateChannelInputSchema),
    defaultValues: { name: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(T.channelCreated(values.name));
      form.reset();
      setOpen(false);
    } catch (error) {
      const message = errorMessage(error, T.actionFailed);
      form.setError("name", { message });
      toast.error(message);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          <Plus aria-hidden="true" className="size-4" />
          {T.newChannel}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{T.newChannelTitle}</DialogTitle>
        <DialogDescription>{T.newChannelText}</DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-4">
          <FormField label={T.channelNameLabel} error={form.formState.errors.name?.message}>
            <Input
              autoComplete="off"
              maxLength={40}
              placeholder="beta"
              {...form.register("name")}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary" disabled={create.isPending}>
                {UiTexts.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" loading={create.isPending}>
              {T.createChannel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
