import { UiTexts } from "@hybridge/shared/common/texts";
import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { Input } from "./input";

/**
 * A password input with a show/hide toggle. The toggle's name comes from hidden text rather
 * than aria-label, so that looking the input up by its label never finds the button too. It is
 * a toggle button: its name stays "Show password" and aria-pressed says whether the password
 * shows (a name that flipped to "Hide password" would read "Hide password, pressed" while the
 * password is visible).
 */
export function PasswordInput(props: Omit<ComponentProps<"input">, "type">) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input {...props} type={visible ? "text" : "password"} className="pr-11" />
      <button
        type="button"
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 transition-colors hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:-outline-offset-2"
      >
        <Icon aria-hidden="true" className="size-4.5" />
        <span className="sr-only">{UiTexts.showPassword}</span>
      </button>
    </div>
  );
}
