/**
 * A media operation that could not be done, as an error of the catalogue: intake refusing a
 * file (MediaTypeNotSupported, MediaFileTooLarge, MediaTooManyPixels, MediaUnreadable), a
 * store that cannot be reached or is misconfigured. Code branches on `code`.
 */
import { CatalogueError } from "../../errors/catalogue-error.ts";

export class MediaError extends CatalogueError {}
