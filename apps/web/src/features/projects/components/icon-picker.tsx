import {
  checkIconName,
  checkLaunchIconSize,
  checkSvgIconFile,
  ICON_RULES,
  type IconKind,
} from "@hybridge/shared/files/icons";
import { FilesTexts } from "@hybridge/shared/files/texts";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { type ChangeEvent, useRef } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { decodes, imageSize } from "@/lib/decoded-size";
import { useObjectUrl } from "@/lib/use-object-url";

export type PickedIcon = { file: File | null; error: string | null };

/**
 * Checks a picked file with the server's rules so that a wrong icon is refused at once: its
 * name and size limit, then its content — a launch icon decoded by the browser (an image, and
 * 512×512), a notification icon through the SVG allowlist. The server checks again on upload.
 */
export async function checkPickedIcon(kind: IconKind, file: File): Promise<string | null> {
  if (file.size > ICON_RULES[kind].maxBytes) return FilesTexts.tooLarge(ICON_RULES[kind].maxLabel);
  if (kind === "notification") {
    const check = checkSvgIconFile({
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return check.ok ? null : check.message;
  }
  const nameProblem = checkIconName(kind, file.name);
  if (nameProblem) return nameProblem;
  const size = await imageSize(file);
  if (!size) return FilesTexts.notRaster;
  return (
    checkLaunchIconSize(size.width, size.height) ??
    ((await decodes(file)) ? null : FilesTexts.notRaster)
  );
}

/** A file input for one icon, with its rule, a preview, and the check's message. */
export function IconPicker({
  kind,
  label,
  value,
  onChange,
  currentUrl,
  error,
  disabled,
}: {
  kind: IconKind;
  label: string;
  value: PickedIcon;
  onChange: (picked: PickedIcon) => void;
  /** The icon in use, shown until another file is picked. */
  currentUrl?: string;
  /** An error from elsewhere (the server, or "no file chosen"). */
  error?: string | null;
  disabled?: boolean;
}) {
  const preview = useObjectUrl(value.error ? null : value.file);
  const latest = useRef(0);
  const shown = preview ?? currentUrl;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const run = ++latest.current;
    if (!file) {
      onChange({ file: null, error: null });
      return;
    }
    const problem = await checkPickedIcon(kind, file);
    if (run === latest.current) onChange({ file, error: problem });
  };

  return (
    <FormField
      label={label}
      hint={ProjectsTexts.iconHints[kind]}
      error={value.error ?? error ?? undefined}
    >
      {/* The input goes under the preview when it cannot show its file name beside it. */}
      <div className="flex flex-wrap items-center gap-3 sm:gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-50 ring-1 ring-slate-200">
          {shown ? (
            <img
              src={shown}
              alt=""
              className={kind === "launch" ? "size-full object-cover" : "size-8"}
            />
          ) : null}
        </span>
        <Input
          type="file"
          accept={ICON_RULES[kind].accept}
          disabled={disabled}
          onChange={(event) => void pick(event)}
          className="h-auto min-w-60 flex-1 py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800 file:text-sm hover:file:bg-brand-100"
        />
      </div>
    </FormField>
  );
}
