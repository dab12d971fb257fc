import { CodeAvailabilityResponseSchema } from "@hybridge/shared/projects/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiClient } from "@/lib/api-client";
import { projectsEndpoints } from "./endpoints";
import { projectsKeys } from "./query-keys";

const DEBOUNCE_MS = 400;

export function getCodeAvailabilityQueryOptions(code: string) {
  return queryOptions({
    queryKey: projectsKeys.codeAvailable(code),
    queryFn: ({ signal }) =>
      apiClient.get(projectsEndpoints.codeAvailable(code), CodeAvailabilityResponseSchema, {
        signal,
      }),
    staleTime: 10_000,
  });
}

/** The value, once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Whether an app code is still free, asked as the user types (debounced). `checking` while the
 * answer for the current code is not known yet.
 */
export function useCodeAvailability(code: string, options: { enabled: boolean }) {
  const settled = useDebounced(code, DEBOUNCE_MS);
  const query = useQuery({
    ...getCodeAvailabilityQueryOptions(settled),
    enabled: options.enabled && settled !== "" && settled === code,
    placeholderData: keepPreviousData,
  });
  const current = query.data?.code === code ? query.data : undefined;
  return {
    available: current?.available,
    checking: options.enabled && code !== "" && current === undefined && !query.isError,
  };
}
