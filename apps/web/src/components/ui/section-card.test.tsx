// @vitest-environment happy-dom
import { UiTexts } from "@hybridge/shared/common/texts";
import { useQuery } from "@tanstack/react-query";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { History } from "lucide-react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp } from "@/test/render";
import { QueryStates, SectionCard } from "./section-card";

afterEach(cleanup);

/** A section whose query answers what `answer` gives, each time it is asked. */
function Fruits({ answer }: { answer: () => Promise<string[]> }) {
  const fruits = useQuery({ queryKey: ["fruits"], queryFn: answer });
  return (
    <SectionCard icon={History} title="Fruits" lead="What the shop sells.">
      <QueryStates
        query={fruits}
        label="Loading fruits"
        failed={(error) => `No fruits: ${error.message}`}
        empty={{ when: (data) => data.length === 0, text: "No fruit yet." }}
      >
        {(data) => (
          <ul>
            {data.map((fruit) => (
              <li key={fruit}>{fruit}</li>
            ))}
          </ul>
        )}
      </QueryStates>
    </SectionCard>
  );
}

const section = () => screen.getByRole("region", { name: "Fruits" });

describe("SectionCard and QueryStates", () => {
  it("name the region by its heading, say it is loading, then show the data", async () => {
    let answer: (fruits: string[]) => void = () => {};
    renderWithApp(<Fruits answer={() => new Promise((resolve) => (answer = resolve))} />);
    expect(within(section()).getByRole("heading", { level: 2, name: "Fruits" })).toBeTruthy();
    expect(within(section()).getByText("What the shop sells.")).toBeTruthy();
    expect(within(section()).getByRole("status", { name: "Loading fruits" })).toBeTruthy();
    answer(["apple", "pear"]);
    const items = await within(section()).findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["apple", "pear"]);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("say what failed, and load again on Try again", async () => {
    let calls = 0;
    renderWithApp(
      <Fruits
        answer={async () => {
          calls += 1;
          if (calls === 1) throw new Error("the shop is shut");
          return ["plum"];
        }}
      />,
    );
    const alert = await within(section()).findByRole("alert");
    expect(alert.textContent).toBe("No fruits: the shop is shut");
    await userEvent.click(within(section()).getByRole("button", { name: UiTexts.tryAgain }));
    expect((await within(section()).findByRole("listitem")).textContent).toBe("plum");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("say so when there is nothing to show", async () => {
    renderWithApp(<Fruits answer={async () => []} />);
    expect(await within(section()).findByText("No fruit yet.")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });
});
