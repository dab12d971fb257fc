import { Check } from "lucide-react";

/** A list of points, each after a check mark; the classes set its spacing and colours. */
export function CheckList({
  items,
  className,
  itemClassName,
  iconClassName,
}: {
  items: readonly string[];
  className?: string;
  itemClassName?: string;
  iconClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={itemClassName}>
          <Check aria-hidden="true" className={iconClassName} />
          {item}
        </li>
      ))}
    </ul>
  );
}
