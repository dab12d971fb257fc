import { SCORE_MAX, SCORE_MIN } from "@hybridge/shared/feedback/schemas";
import { Slider } from "radix-ui";
import { useId } from "react";
import { Label } from "@/components/ui/label";

/** A 1–5 score: a labelled, keyboard-operable slider (arrows, Home, End) with its value shown. */
export function ScoreSlider({
  label,
  value,
  onChange,
  onBlur,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label id={`${id}-label`}>{label}</Label>
        <span className="font-semibold text-brand-800 text-sm tabular-nums" aria-hidden="true">
          {value} / {SCORE_MAX}
        </span>
      </div>
      <Slider.Root
        min={SCORE_MIN}
        max={SCORE_MAX}
        step={1}
        value={[value]}
        onValueChange={([next]) => next !== undefined && onChange(next)}
        className="relative flex h-6 w-full touch-none select-none items-center"
      >
        <Slider.Track className="relative h-2 grow overflow-hidden rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby={`${id}-label`}
          onBlur={onBlur}
          className="block size-5 rounded-full border-2 border-brand-700 bg-white shadow-sm transition-shadow hover:ring-4 hover:ring-brand-600/15 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-600/30"
        />
      </Slider.Root>
      <div aria-hidden="true" className="flex justify-between px-1 text-slate-400 text-xs">
        {Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => SCORE_MIN + i).map((n) => (
          <span key={n}>{n}</span>
        ))}
      </div>
    </div>
  );
}
