import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { FeedbackPanel } from "../components/feedback-panel";

/** /feedback: public comments (live) and the evaluation modal; anyone may read. */
export function FeedbackPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader title={FeedbackTexts.title} description={FeedbackTexts.description} />
      <Card className="mt-8 p-5 sm:p-6">
        <FeedbackPanel />
      </Card>
    </div>
  );
}
