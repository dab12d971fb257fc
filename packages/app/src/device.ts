export const device = {
  /**
   * Lets the user pick photos; resolves with them as File objects, or an empty array when the
   * user cancels. In a browser this is the file picker, in the app the phone's gallery.
   */
  openGallery(options: { multiple?: boolean } = {}): Promise<File[]> {
    return new Promise((resolve) => {
      const input = document.createElement("input");
      input.type = "file";
      input.accept = "image/*";
      input.multiple = options.multiple ?? false;
      input.style.display = "none";
      const done = (files: File[]) => {
        input.remove();
        resolve(files);
      };
      input.addEventListener("change", () => done([...(input.files ?? [])]), { once: true });
      input.addEventListener("cancel", () => done([]), { once: true });
      document.body.append(input);
      input.click();
    });
  },
};
