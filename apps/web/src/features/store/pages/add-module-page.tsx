import { zodResolver } from "@hookform/resolvers/zod";
import { MODULE_PLATFORMS } from "@hybridge/shared/common/enums";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import { DEFAULT_MODULE_PLATFORM } from "@hybridge/shared/store/platforms";
import { CreateModuleInputSchema, MODULE_LIMITS } from "@hybridge/shared/store/schemas";
import { MODULE_PLATFORM_LABELS, StoreTexts } from "@hybridge/shared/store/texts";
import { Upload } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Textarea } from "@/components/ui/textarea";
import { UploadProgress } from "@/components/ui/upload-progress";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import type { UploadProgress as Progress } from "@/lib/upload";
import { useCreateModule } from "../api/use-create-module";
import { MediaPicker, NO_MEDIA, type PickedMedia } from "../components/media-picker";
import { PlatformIcons } from "../components/platform-icons";

/**
 * What a failed upload says: the server's own message for what it refused (a field, a file's
 * content or size), the spec's 'Thumbnail upload failed' when the upload itself failed.
 */
export function addModuleErrorMessage(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.status > 0 &&
    error.code !== ErrorCodes.INTERNAL &&
    error.message
  ) {
    return error.message;
  }
  return StoreTexts.thumbnailUploadFailed;
}

/** /add-module: publish a module to the store (spec section 5, 'Add module'). */
export function AddModulePage() {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [thumbnail, setThumbnail] = useState<PickedMedia>(NO_MEDIA);
  const [video, setVideo] = useState<PickedMedia>(NO_MEDIA);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateModule({ onProgress: setProgress });

  const form = useForm({
    resolver: zodResolver(CreateModuleInputSchema),
    defaultValues: {
      title: "",
      description: "",
      price: "0",
      platform: DEFAULT_MODULE_PLATFORM,
    },
  });
  const { errors, isSubmitting } = form.formState;

  // The spec words the three required fields as one message: shown once, above the form.
  const isRequired = (message: string | undefined) => message === StoreTexts.required;
  const thumbnailMissing = submitted && !thumbnail.file;
  const missing = {
    title: isRequired(errors.title?.message),
    description: isRequired(errors.description?.message),
    thumbnail: thumbnailMissing,
  };
  const showRequired = missing.title || missing.description || missing.thumbnail;
  const fieldError = (message: string | undefined) => (isRequired(message) ? undefined : message);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      if (!thumbnail.file || thumbnail.error || video.error) return;
      setProgress(null);
      try {
        const { module } = await create.mutateAsync({
          input: values,
          thumbnail: thumbnail.file,
          video: video.file,
        });
        toast.success(StoreTexts.created);
        navigate(paths.storeModule(module.id));
      } catch (error) {
        const message = addModuleErrorMessage(error);
        setFailure(message);
        toast.error(message);
      }
    },
    () => setFailure(null),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    return onSubmit(event);
  };

  const uploading = isSubmitting && thumbnail.file !== null;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <BackLink to={paths.store} className="mb-4">
        {StoreTexts.backToStore}
      </BackLink>
      <PageHeader title={StoreTexts.addModuleTitle} description={StoreTexts.addModuleDescription} />

      <form noValidate onSubmit={(event) => void submit(event)} className="mt-8">
        <Card className="space-y-6 p-6">
          {showRequired && <Alert>{StoreTexts.required}</Alert>}

          <FormField
            label={StoreTexts.titleLabel}
            error={fieldError(errors.title?.message)}
            invalid={missing.title}
          >
            <Input
              autoComplete="off"
              maxLength={MODULE_LIMITS.title}
              placeholder={StoreTexts.titlePlaceholder}
              {...form.register("title")}
            />
          </FormField>

          <FormField
            label={StoreTexts.descriptionLabel}
            error={fieldError(errors.description?.message)}
            invalid={missing.description}
          >
            <Textarea
              rows={5}
              maxLength={MODULE_LIMITS.description}
              placeholder={StoreTexts.descriptionPlaceholder}
              {...form.register("description")}
            />
          </FormField>

          <MediaPicker
            kind="thumbnail"
            label={StoreTexts.thumbnailLabel}
            value={thumbnail}
            onChange={setThumbnail}
            invalid={missing.thumbnail}
            disabled={isSubmitting}
          />

          <MediaPicker
            kind="video"
            label={StoreTexts.videoLabelField}
            value={video}
            onChange={setVideo}
            disabled={isSubmitting}
          />

          <div className="grid gap-6 sm:grid-cols-[12rem_1fr]">
            <FormField
              label={StoreTexts.priceFieldLabel}
              hint={StoreTexts.priceHint}
              error={errors.price?.message}
            >
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                {...form.register("price")}
              />
            </FormField>

            <fieldset className="space-y-1.5">
              <legend className="font-medium text-slate-800 text-sm">
                {StoreTexts.platformFieldLabel}
              </legend>
              {/* Side by side where "Multiplatform" fits its tile; one under the other below. */}
              <div className="grid grid-cols-1 gap-2 pt-1.5 min-[480px]:grid-cols-3">
                {MODULE_PLATFORMS.map((platform) => (
                  <label
                    key={platform}
                    className={cn(
                      "flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-medium text-slate-700 text-sm transition-colors hover:border-slate-400 min-[480px]:flex-col min-[480px]:gap-1.5 min-[480px]:px-2 min-[480px]:text-center",
                      "has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:ring-3 has-focus-visible:ring-brand-600/30",
                    )}
                  >
                    <input
                      type="radio"
                      value={platform}
                      className="sr-only"
                      {...form.register("platform")}
                    />
                    <PlatformIcons platform={platform} />
                    <span aria-hidden="true">{MODULE_PLATFORM_LABELS[platform]}</span>
                  </label>
                ))}
              </div>
              {errors.platform?.message && (
                <p role="alert" className="text-red-700 text-sm">
                  {errors.platform.message}
                </p>
              )}
            </fieldset>
          </div>

          {uploading && (
            <UploadProgress
              progress={progress}
              label={StoreTexts.uploadProgress}
              doneLabel={StoreTexts.checkingFiles}
            />
          )}
          {failure && <Alert>{failure}</Alert>}

          <div className="flex justify-end">
            <Button type="submit" size="lg" loading={isSubmitting}>
              <Upload aria-hidden="true" className="size-4" />
              {isSubmitting ? StoreTexts.submitting : StoreTexts.submit}
            </Button>
          </div>
        </Card>
      </form>
    </div>
  );
}
