/**
 * The pickers' quick look at an image before an upload (docs/decisions/029): its size as the
 * browser reads it from the file's header (upright, as its EXIF orientation says), without
 * decoding its pixels; null when the browser does not take it for an image. The server decodes
 * the file again, and its answer is the one that counts.
 */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error("not an image"));
    });
    return image.naturalWidth > 0
      ? { width: image.naturalWidth, height: image.naturalHeight }
      : null;
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Whether the browser decodes the whole image (call once its size is known to be reasonable). */
export async function decodes(file: Blob): Promise<boolean> {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}
