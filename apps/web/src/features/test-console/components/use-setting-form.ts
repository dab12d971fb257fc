import { zodResolver } from "@hookform/resolvers/zod";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import type { UpdateTestConfigInput } from "@hybridge/shared/test-console/schemas";
import { type Resolver, useForm } from "react-hook-form";
import toast from "react-hot-toast";
import type { z } from "zod";
import { errorMessage, isApiError } from "@/lib/api-client";
import { useUpdateTestConfig } from "../api/use-update-test-config";
import { useFlashStatus } from "./use-flash-status";

type FieldName = keyof UpdateTestConfigInput;

/**
 * The state of one setting form: validated by the shared schema of its one field, saved alone
 * with PATCH, then 'Updated successfully!' (3 s) or 'Update failed.'. A newer saved value (a
 * refetch) replaces the field unless the user is editing it.
 */
export function useSettingForm<N extends FieldName>(options: {
  appKey: string;
  name: N;
  /** The shared schema of the field's request body, e.g. UpdateStatusBarInputSchema. */
  schema: z.ZodType<Record<N, string>, Record<N, string>>;
  saved: string;
}) {
  const { appKey, name, schema, saved } = options;
  const update = useUpdateTestConfig(appKey);
  const flash = useFlashStatus();
  // Every form holds one string field named after its request field.
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(schema) as unknown as Resolver<Record<string, string>>,
    values: { [name]: saved },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = form.handleSubmit(
    async (values) => {
      flash.clear();
      let saved: string;
      try {
        const data = await update.mutateAsync({ [name]: values[name] } as UpdateTestConfigInput);
        saved = data.config[name];
      } catch (error) {
        flash.failed();
        if (isApiError(error, ErrorCodes.VALIDATION)) {
          form.setError(name, { message: errorMessage(error) });
        } else {
          toast.error(errorMessage(error));
        }
        return;
      }
      form.reset({ [name]: saved });
      flash.succeeded();
    },
    () => flash.clear(),
  );

  return { form, onSubmit, submitting: update.isPending, status: flash.status };
}
