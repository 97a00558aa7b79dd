import { useEffect, useState } from "react";
import type { NewImage } from "../../../schemas/studio-media.ts";
import type { StudioApi } from "../studio-api.ts";

/** The new images publishing the draft publishes with it, asked for while `api` is given (the Publish or Schedule dialog is open). */
export function useNewImages(api: StudioApi | undefined, file: string, data: unknown): NewImage[] {
  const [images, setImages] = useState<NewImage[]>([]);
  useEffect(() => {
    if (!api) return setImages([]);
    let current = true;
    void api.publishImages(file, data).then((answer) => current && setImages(answer.ok ? answer.data.images : []));
    return () => {
      current = false;
    };
    // The draft as the dialog opened on it: typing is not possible while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, file]);
  return images;
}
