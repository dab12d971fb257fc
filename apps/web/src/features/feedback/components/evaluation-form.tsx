import { zodResolver } from "@hookform/resolvers/zod";
import { UiTexts } from "@hybridge/shared/common/texts";
import {
  EVALUATION_TEXT_MAX,
  type Evaluation,
  EvaluationInputSchema,
  SCORE_DEFAULT,
} from "@hybridge/shared/feedback/schemas";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { Controller, useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { useSaveEvaluation } from "../api/use-save-evaluation";
import { ScoreSlider } from "./score-slider";

const SCORES = [
  ["docClarity", FeedbackTexts.docClarityLabel],
  ["apiIntuition", FeedbackTexts.apiIntuitionLabel],
  ["backendSimplicity", FeedbackTexts.backendSimplicityLabel],
] as const;

/** The evaluation form, filled with the saved evaluation when there is one. */
export function EvaluationForm({
  saved,
  onSaved,
}: {
  saved: Evaluation | null;
  onSaved: () => void;
}) {
  const save = useSaveEvaluation();
  const form = useForm({
    resolver: zodResolver(EvaluationInputSchema),
    defaultValues: {
      docClarity: saved?.docClarity ?? SCORE_DEFAULT,
      apiIntuition: saved?.apiIntuition ?? SCORE_DEFAULT,
      backendSimplicity: saved?.backendSimplicity ?? SCORE_DEFAULT,
      mainAdvantage: saved?.mainAdvantage ?? "",
      mainWeakness: saved?.mainWeakness ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { created } = await save.mutateAsync(values);
      toast.success(created ? FeedbackTexts.evaluationCreated : FeedbackTexts.evaluationUpdated);
      onSaved();
    } catch {
      toast.error(FeedbackTexts.evaluationFailed);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6">
      {SCORES.map(([name, label]) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <ScoreSlider
              label={label}
              value={Number(field.value)}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      ))}
      <FormField label={FeedbackTexts.mainAdvantageLabel} error={errors.mainAdvantage?.message}>
        <Textarea
          rows={2}
          maxLength={EVALUATION_TEXT_MAX}
          required
          {...form.register("mainAdvantage")}
        />
      </FormField>
      <FormField label={FeedbackTexts.mainWeaknessLabel} error={errors.mainWeakness?.message}>
        <Textarea
          rows={2}
          maxLength={EVALUATION_TEXT_MAX}
          required
          {...form.register("mainWeakness")}
        />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            {UiTexts.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" loading={isSubmitting}>
          {saved ? FeedbackTexts.evaluationUpdate : FeedbackTexts.evaluationSubmit}
        </Button>
      </DialogFooter>
    </form>
  );
}
