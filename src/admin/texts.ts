/**
 * The admin's texts. The spec's messages (§8) are used exactly. They live here, not in
 * content/site.json, because the site's bundle reads content/site.json: admin words must not ship
 * in a production build.
 */
export const texts = {
  tabs: { posts: "Blog Posts", categories: "Categories", settings: "Settings" },
  settingsPlaceholder: "Settings will be available later.",
  form: {
    createHeading: "Create New Post",
    editHeading: "Edit Post",
    title: "Title",
    excerpt: "Excerpt",
    excerptHint: "Optional. Left empty, the first paragraph of the content is used.",
    content: "Content (Markdown)",
    contentHint: "Use ## for section headings: the title is the page's only top-level heading.",
    author: "Author",
    category: "Category",
    noCategory: "Uncategorized",
    tags: "Tags",
    tagsHint: "Separate tags with commas, e.g. React, Performance.",
    status: "Status",
    draft: "Draft",
    published: "Published",
    featured: "Featured post",
    saving: "Saving...",
    cancel: "Cancel",
    required: { title: "Title is required.", content: "Content is required.", author: "Author is required." },
  },
  list: {
    heading: "All Posts",
    search: "Search posts",
    searchPlaceholder: "Search by title, category or author...",
    empty: "No posts yet. Write the first one with the form above.",
    noMatch: "No posts match your search.",
    editLabel: "Edit",
    deleteLabel: "Delete",
    edit: (title: string) => `Edit "${title}"`,
    delete: (title: string) => `Delete "${title}"`,
    by: "by",
    status: { draft: "Draft", published: "Published" } as Record<string, string>,
    featured: "Featured",
  },
  confirm: {
    title: "Delete this post?",
    message: (title: string) => `"${title}" will be deleted from the blog. This cannot be undone.`,
    confirm: "Delete Post",
    cancel: "Keep Post",
  },
  categories: {
    heading: "Categories",
    name: "Name",
    count: "Posts",
    actions: "Actions",
    inert: "Editing and deleting categories is not available yet: ask a developer to change them.",
    editLabel: "Edit",
    deleteLabel: "Delete",
    edit: (name: string) => `Edit category ${name}`,
    delete: (name: string) => `Delete category ${name}`,
  },
  problems: {
    heading: "Files that could not be read",
    intro: "These files are not shown in the list above until they are fixed in an editor.",
  },
  loading: "Loading posts...",
  loadError: {
    title: "The posts could not be loaded",
    retry: "Try Again",
  },
  /** Posts go through drafts and publishing. */
  studio: {
    /** The studio names its tools by what they hold: "Posts" beside "Pages". */
    pageTitle: "Posts",
    intro: "Write and edit the blog's posts. What you type is kept as a draft; publishing makes it live.",
    publish: "Publish Post",
    saveDraft: "Save Draft",
    savingDraft: "Saving draft…",
    draftSaved: "Draft saved",
    draftNotSaved: "The draft could not be saved: your changes are kept here and sent again with the next one.",
    draftBy: (name: string) => `Draft by ${name}`,
    contributorNote: "Your changes are kept as a draft. Editors and admins publish them.",
    notPublished: "Not published yet",
    /** A locale's own post (content/blog/posts/<locale>/): its language's code. */
    locale: (code: string) => `Language: ${code}`,
    changedSince: "Changed since your draft began",
    draftKept: { title: "Draft Saved", description: "An editor can publish it now." },
  },
  notices: {
    validation: { title: "Validation Error", description: "Please fill in all required fields." },
    created: { title: "Post Created", description: "New blog post has been successfully created." },
    updated: { title: "Post Updated", description: "Blog post has been successfully updated." },
    deleted: { title: "Post Deleted", description: "Blog post has been successfully deleted." },
  },
} as const;
