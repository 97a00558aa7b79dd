/**
 * An image of the media library as a page shows it: <picture> with AVIF and WebP sources, each
 * a srcset of widths up to the image's own with `sizes` from the layout, and a fallback file in
 * the original's format. Width and height are always set (the box is reserved before the
 * image arrives: no layout shift); the blurred ThumbHash preview fills it meanwhile.
 *
 * Images load lazily and decode off the main thread, except the page's largest image above the
 * fold (`priority`: one per page, the LCP image), which loads at once, at high priority, and is
 * preloaded from <head>.
 *
 * The use's asset comes resolved (page/media/resolve.ts; in the page editor's preview,
 * editor/preview/data.ts, its files at the studio's address); where it is not (an image the
 * library does not have, which the checker reports), nothing is drawn.
 */
import type { CSSProperties } from "react";
import { preload } from "react-dom";
import type { ImageUse } from "../../schemas/fields.ts";
import { placeholderDataUrl } from "../page/media/placeholder.ts";
import type { ResolvedImage } from "../page/media/resolve.ts";
import { pictureSources, type Ratio } from "../page/media/variants.ts";

export interface PictureProps {
  image: ImageUse;
  /** How wide the image is shown, as the <img sizes> attribute: "(min-width: 62em) 50vw, 100vw". */
  sizes: string;
  /** The shape it is cropped to around its focal point; its own shape by default. */
  ratio?: Ratio;
  /** The page's largest image above the fold: loaded first, never lazily. One per page. */
  priority?: boolean;
  /** Cover the nearest positioned box (an image behind a hero's text), cropping around the focal point. */
  fill?: boolean;
  className?: string;
}

export function Picture({ image, sizes, ratio = "original", priority = false, fill = false, className }: PictureProps) {
  const asset = (image as ResolvedImage).media;
  if (!asset) return null;
  const { width, height, sources, fallback, objectPosition } = pictureSources(asset, { ratio, focal: image.focal, crop: image.crop });
  const alt = image.decorative ? "" : (image.alt ?? asset.alt ?? "");
  // A transparent image would show its preview through its clear parts once loaded.
  const placeholder = asset.placeholder && !asset.alpha && asset.type !== "image/svg+xml" ? placeholderDataUrl(asset.placeholder) : undefined;
  if (priority) {
    // The best format's srcset: a browser that cannot show its type skips the preload.
    const best = sources[0];
    preload(best ? best.srcSet.split(", ").at(-1)!.split(" ")[0]! : fallback.src, {
      as: "image",
      fetchPriority: "high",
      type: best?.type ?? fallback.type,
      ...(best && { imageSrcSet: best.srcSet, imageSizes: sizes }),
    });
  }
  const style: CSSProperties = {
    objectFit: "cover",
    objectPosition,
    ...(placeholder && { backgroundImage: `url("${placeholder}")`, backgroundSize: "cover", backgroundRepeat: "no-repeat" }),
    ...(fill ? { position: "absolute", inset: 0, width: "100%", height: "100%" } : { maxWidth: "100%", height: "auto" }),
  };
  return (
    <picture>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img
        src={fallback.src}
        width={width}
        height={height}
        alt={alt}
        className={className}
        style={style}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? undefined : "async"}
        fetchPriority={priority ? "high" : undefined}
      />
    </picture>
  );
}
