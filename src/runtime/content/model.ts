/** Content as the runtime sees it once every file has been read and validated. */
import type { BlogIndex } from "../../../schemas/blog.ts";
import type { Collections } from "../../../schemas/collections/index.ts";
import type { Page, Section } from "../../../schemas/page.ts";
import type { SiteConfig } from "../../../schemas/site.ts";
import type { MediaManifest } from "../../../schemas/media.ts";
import type { SourceFile } from "../../content-files/source.ts";

export interface PageFile {
  /** "Page Home": how errors name the file. */
  label: string;
  page: Page;
  source: SourceFile;
}

/** A valid reusable section (content/sections/<id>.json). */
export interface SectionFile {
  id: string;
  /** "Section Closing Cta": how errors name the file. */
  label: string;
  section: Section;
  source: SourceFile;
}

export interface SiteContent {
  site: SiteConfig;
  collections: Collections;
  pages: PageFile[];
  /** The valid reusable sections by id, as pages' `section` blocks place them (in this content's locale). */
  sections?: ReadonlyMap<string, SectionFile["section"]>;
  /** Sources by file, so later checks can locate what they find. */
  collectionSources: Partial<Record<keyof Collections, SourceFile>>;
  siteSource: SourceFile;
  /** The blog, from WordPress or content/blog/ (src/blog/): posts, categories, tags, authors. */
  blog: BlogIndex;
  /** The media library (content/media/): the valid manifests by asset id, and their files. */
  media?: ReadonlyMap<string, MediaManifest>;
  mediaSources?: ReadonlyMap<string, SourceFile>;
  /** Images from another host (WordPress featured images) taken in at build time (media/remote.server.ts), by asset id. */
  remoteMedia?: ReadonlyMap<string, MediaManifest>;
  /** In another locale's content only: the default locale's collections, whose texts its forms send (forms/resolve.ts). */
  sourceCollections?: Collections;
  /** In another locale's content only: the site config's texts shown in another language, by dotted place (footer.quickLinksTitle → en): the shell marks them. */
  siteLanguages?: Readonly<Record<string, string>>;
  /** In another locale's content only: the collections' texts shown in another language, by dotted place (services.3.title → en): the shell marks the service titles it lists. */
  collectionLanguages?: Readonly<Record<string, string>>;
}
