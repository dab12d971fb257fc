import {
  checkThumbnailPixels,
  createModuleVideoInspector,
  MODULE_MEDIA_RULES,
  type ModuleMediaKind,
  THUMBNAIL_MAX_PIXELS,
  tooLargeMessage,
} from "@hybridge/shared/store/media";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { Film, ImageIcon } from "lucide-react";
import { type ChangeEvent, useRef } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { decodes, imageSize } from "@/lib/decoded-size";
import { useObjectUrl } from "@/lib/use-object-url";

export type PickedMedia = { file: File | null; error: string | null };
export const NO_MEDIA: PickedMedia = { file: null, error: null };

/**
 * Checks a picked file with the server's rules so that a wrong file is refused at once: the size
 * limit, then the content — a thumbnail decoded by the browser (an image of at most
 * THUMBNAIL_MAX_PIXELS; a larger picture is scaled down by the server), a video streamed through
 * its container's walk, never held whole (it can be 100 MB), reading stopped as soon as the
 * bytes stop fitting. The server checks again on upload.
 */
export async function checkPickedMedia(kind: ModuleMediaKind, file: File): Promise<string | null> {
  if (file.size > MODULE_MEDIA_RULES[kind].maxBytes) return tooLargeMessage(kind);
  if (kind === "thumbnail") {
    const size = await imageSize(file);
    if (!size) return StoreTexts.notAnImage;
    return (
      checkThumbnailPixels(size.width, size.height) ??
      ((await decodes(file)) ? null : StoreTexts.notAnImage)
    );
  }
  const inspector = createModuleVideoInspector();
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      inspector.push(value);
      if (!inspector.ok()) break;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const check = inspector.finish();
  return check.ok ? null : check.message;
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A file input for the thumbnail or the video, with its rule, a preview and its check. */
export function MediaPicker({
  kind,
  label,
  value,
  onChange,
  error,
  invalid,
  disabled,
}: {
  kind: ModuleMediaKind;
  label: string;
  value: PickedMedia;
  onChange: (picked: PickedMedia) => void;
  /** An error from elsewhere (the server). */
  error?: string | null;
  /** Marks the input invalid without a message of its own (the form shows one). */
  invalid?: boolean;
  disabled?: boolean;
}) {
  const rule = MODULE_MEDIA_RULES[kind];
  const preview = useObjectUrl(kind === "thumbnail" && !value.error ? value.file : null);
  const latest = useRef(0);
  const Icon = kind === "thumbnail" ? ImageIcon : Film;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const run = ++latest.current;
    if (!file) {
      onChange(NO_MEDIA);
      return;
    }
    const problem = await checkPickedMedia(kind, file);
    if (run === latest.current) onChange({ file, error: problem });
  };

  const hint =
    kind === "thumbnail"
      ? StoreTexts.thumbnailHint(rule.maxLabel, THUMBNAIL_MAX_PIXELS / 1_000_000)
      : StoreTexts.videoHint(rule.maxLabel);

  return (
    <FormField
      label={label}
      hint={hint}
      error={value.error ?? error ?? undefined}
      invalid={invalid}
    >
      {/* The input takes the whole width on a phone: beside the preview its file name was cut. */}
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:gap-4">
        <span className="flex aspect-video w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-50 text-slate-400 ring-1 ring-slate-200">
          {preview ? (
            <img src={preview} alt="" className="size-full object-cover" />
          ) : (
            <Icon aria-hidden="true" className="size-6" />
          )}
        </span>
        <div className="w-full min-w-0 space-y-1 sm:flex-1">
          <Input
            type="file"
            accept={rule.accept}
            disabled={disabled}
            onChange={(event) => void pick(event)}
            className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800 file:text-sm hover:file:bg-brand-100"
          />
          {value.file && !value.error && (
            <p className="truncate text-slate-500 text-xs">
              {value.file.name} · {formatSize(value.file.size)}
            </p>
          )}
        </div>
      </div>
    </FormField>
  );
}
