import type { ReactNode } from "react";
import type { FeatureSectionContent } from "../content/types";
import { FeatureGrid } from "./feature-grid";
import { LandingSection } from "./section-heading";

/** A landing section that is a heading over feature cards, and whatever `children` adds below. */
export function FeatureSection({
  id,
  labelledBy,
  content,
  columns,
  className,
  children,
}: {
  id: string;
  labelledBy: string;
  content: FeatureSectionContent;
  columns?: 2 | 3 | 4;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <LandingSection id={id} labelledBy={labelledBy} heading={content} className={className}>
      <FeatureGrid items={content.items} columns={columns} className="mt-12" />
      {children}
    </LandingSection>
  );
}
