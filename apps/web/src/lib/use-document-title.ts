import { PRODUCT_NAME } from "@hybridge/shared/common/paths";
import { useEffect } from "react";

/** Sets the tab title for the current page: "Page · Hybridge". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title === PRODUCT_NAME ? title : `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
