import { type RefObject, useEffect, useRef, useState } from "react";
import { type ScrollEdges, watchScrollEdges } from "../scroll-edges";

/** Watches a scroll box (its scrolling, and its size or content changing) for hidden content. */
export function useScrollEdges<T extends HTMLElement>(): [RefObject<T | null>, ScrollEdges] {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<ScrollEdges>(null);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    return watchScrollEdges(box, setEdges);
  }, []);

  return [ref, edges];
}
