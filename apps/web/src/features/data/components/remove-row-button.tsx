import { X } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The ✕ at the end of one row of a list of rows (a query's conditions, an index's fields). */
export function RemoveRowButton(props: {
  label: string;
  disabled?: boolean;
  onRemove: () => void;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="sm:mt-7"
      disabled={props.disabled}
      onClick={props.onRemove}
    >
      <X aria-hidden="true" className="size-4" />
      <span className="sr-only">{props.label}</span>
    </Button>
  );
}
